import sys

data = sys.stdin.read().split()
n, t = int(data[0]), int(data[1])
a = list(map(int, data[2 : 2 + n]))
for j in range(n):
    for i in range(j):
        if a[i] + a[j] == t:
            print(i + 1, j + 1)
            sys.exit(0)
print("impossible")
