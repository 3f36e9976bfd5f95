#!/usr/bin/env python3
# n (1 <= n <= 100000) on a line, then n integers of absolute value at most 10^9 on one line.
import re
import sys

lines = sys.stdin.read().split("\n")
assert len(lines) == 3 and lines[2] == "", "two lines, each ended"
assert re.fullmatch(r"[1-9][0-9]*", lines[0])
n = int(lines[0])
assert 1 <= n <= 100000
numbers = lines[1].split(" ")
assert len(numbers) == n
for x in numbers:
    assert re.fullmatch(r"0|-?[1-9][0-9]*", x) and abs(int(x)) <= 10**9
sys.exit(42)
