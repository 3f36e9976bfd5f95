#!/usr/bin/env python3
# Writes data/secret of zerosum into the folder given, inputs and answers (deterministic).
import collections
import random
import sys

out = sys.argv[1]
rng = random.Random(30)


def answer(a):
    count = collections.Counter(a)
    pairs = sum(count[x] * count[-x] for x in count if x > 0)
    return pairs + count[0] * (count[0] - 1) // 2


cases = {
    "01-small": [rng.randint(-5, 5) for _ in range(10)],
    "02-one": [0],
    "03-random": [rng.randint(-10**9, 10**9) for _ in range(100000)],
    "04-few-values": [rng.randint(-50, 50) for _ in range(100000)],
    "05-all-zero": [0] * 100000,
}
for name, a in cases.items():
    with open(f"{out}/{name}.in", "w") as f:
        f.write(f"{len(a)}\n{' '.join(map(str, a))}\n")
    with open(f"{out}/{name}.ans", "w") as f:
        f.write(f"{answer(a)}\n")
