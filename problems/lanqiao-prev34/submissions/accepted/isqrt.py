# Coin (x, y) is flipped d(x) * d(y) times, odd iff x and y are both perfect squares: the answer is
# isqrt(n) * isqrt(m), in Python's exact integers (n and m have up to 1001 digits, under the 4300-digit
# limit of int() on a string).
import sys
from math import isqrt

n, m = map(int, sys.stdin.readline().split())
print(isqrt(n) * isqrt(m))
