# Wythoff's game in exact integers: with a <= b and k = b - a the lost positions are a = floor(k phi) =
# (k + isqrt(5 k^2)) // 2. Take the same from both piles down to that pair when a > floor(k phi), else cut b
# to the partner of a. Reads one line at a time and flushes every move, as the interaction requires.
import sys
from math import isqrt


def lower(k):
    return (k + isqrt(5 * k * k)) // 2


def target(a, b):
    """The lost pair (c, d), c <= d, reached from the won position (a, b), a <= b."""
    k = b - a
    cold = lower(k)
    if a > cold:
        return cold, cold + k
    f = (isqrt(5 * a * a) - a) // 2  # floor(a / phi)
    if lower(f + 1) == a:
        return a, a + f + 1
    return a, lower(a - f)


def main():
    readline = sys.stdin.readline
    games = int(readline())
    for _ in range(games):
        a, b = map(int, readline().split())
        while True:
            c, d = target(min(a, b), max(a, b))
            if a > b:
                c, d = d, c
            print(a - c, b - d, flush=True)
            a, b = c, d
            x, y = map(int, readline().split())
            if x == 0 and y == 0:
                break
            a, b = a - x, b - y


main()
