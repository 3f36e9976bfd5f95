# The left-most coin that differs from the wanted row can only be fixed by flipping it with its right
# neighbour, so that flip is forced: count the forced flips from left to right. Two lines, one row each.
import sys

start = list(sys.stdin.readline().strip())
target = sys.stdin.readline().strip()
flips = 0
for i in range(len(start) - 1):
    if start[i] != target[i]:
        start[i] = target[i]
        start[i + 1] = "o" if start[i + 1] == "*" else "*"
        flips += 1
print(flips)
