#!/usr/bin/env python3
# n and t (2 <= n <= 100000, |t| <= 2*10^9) on a line, then n integers of absolute value at most 10^9.
import re
import sys

lines = sys.stdin.read().split("\n")
assert len(lines) == 3 and lines[2] == "", "two lines, each ended"
head = lines[0].split(" ")
assert len(head) == 2 and all(re.fullmatch(r"0|-?[1-9][0-9]*", x) for x in head)
n, t = map(int, head)
assert 2 <= n <= 100000 and abs(t) <= 2 * 10**9
numbers = lines[1].split(" ")
assert len(numbers) == n
for x in numbers:
    assert re.fullmatch(r"0|-?[1-9][0-9]*", x) and abs(int(x)) <= 10**9
sys.exit(42)
