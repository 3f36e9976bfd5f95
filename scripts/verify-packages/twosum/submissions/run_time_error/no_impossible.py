import sys

data = sys.stdin.read().split()
n, t = int(data[0]), int(data[1])
where = {}
for j in range(n):
    x = int(data[2 + j])
    if t - x in where:
        print(where[t - x] + 1, j + 1)
        sys.exit(0)
    where.setdefault(x, j)
raise SystemExit("no pair")  # exit code 1 instead of printing impossible
