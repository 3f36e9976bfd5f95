import collections
import sys

data = sys.stdin.read().split()
count = collections.Counter(map(int, data[1:]))
pairs = sum(count[x] * count[-x] for x in count if x > 0)
print(pairs + count[0] * (count[0] - 1) // 2)
