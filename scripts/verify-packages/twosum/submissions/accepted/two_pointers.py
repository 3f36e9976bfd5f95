import sys

data = sys.stdin.read().split()
n, t = int(data[0]), int(data[1])
order = sorted(range(n), key=lambda i: int(data[2 + i]))
a = [int(data[2 + i]) for i in order]
lo, hi = 0, n - 1
while lo < hi and a[lo] + a[hi] != t:
    if a[lo] + a[hi] < t:
        lo += 1
    else:
        hi -= 1
print(f"{order[hi] + 1} {order[lo] + 1}" if lo < hi else "impossible")
