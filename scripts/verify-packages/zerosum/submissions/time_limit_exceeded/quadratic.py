import sys

data = sys.stdin.read().split()
a = list(map(int, data[1:]))
pairs = 0
for i in range(len(a)):
    for j in range(i + 1, len(a)):
        if a[i] + a[j] == 0:
            pairs += 1
print(pairs)
