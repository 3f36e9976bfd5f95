# A coin of radius R meets 2R lines of the grid (2R + 1 only when its centre lies on a line, which has
# probability 0): the integer part of the expectation is 2R, in exact integers. One R per line.
import sys

readline = sys.stdin.readline
t = int(readline())
print("\n".join(str(2 * int(readline())) for _ in range(t)))
