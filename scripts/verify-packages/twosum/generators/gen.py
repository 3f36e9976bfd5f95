#!/usr/bin/env python3
# Writes data/secret of twosum into the folder given, inputs and answers (deterministic).
import random
import sys

out = sys.argv[1]
rng = random.Random(30)


def answer(a, t):
    where = {}
    for j, x in enumerate(a):
        if t - x in where:
            return f"{where[t - x] + 1} {j + 1}"
        where.setdefault(x, j)
    return "impossible"


odd = [rng.randrange(-10**9 + 1, 10**9, 2) for _ in range(100000)]
cases = {
    "01-small": ([3, 3, 4], 6),
    "02-half-only-once": ([5, 1, 2, 8], 10),
    "03-odd-even-target": (odd, 2 * 10**9 - 1),
    "04-random": ([rng.randint(-10**9, 10**9) for _ in range(100000)], 12345),
    "05-pair-at-end": ([2 * i for i in range(99998)] + [1, 3], 4),
}
for name, (a, t) in cases.items():
    with open(f"{out}/{name}.in", "w") as f:
        f.write(f"{len(a)} {t}\n{' '.join(map(str, a))}\n")
    with open(f"{out}/{name}.ans", "w") as f:
        f.write(answer(a, t) + "\n")
