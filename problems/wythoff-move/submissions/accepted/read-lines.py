# Reads the input line by line exactly as the statement lays it out (T, then one line `a b` per position).
# Wythoff's game in exact integers: with a <= b and k = b - a the position is lost iff a = floor(k phi),
# floor(k phi) = (k + isqrt(5 k^2)) // 2. Otherwise take the same from both piles down to that pair when
# a > floor(k phi), else cut b to the partner of a in its lost pair.
import sys
from math import isqrt


def lower(k):
    return (k + isqrt(5 * k * k)) // 2


def over_phi(a):
    """floor(a / phi) = floor((sqrt(5 a^2) - a) / 2)."""
    return (isqrt(5 * a * a) - a) // 2


def winning_move(a, b):
    k = b - a
    cold = lower(k)
    if a == cold:
        return None
    if a > cold:
        return cold, cold + k
    f = over_phi(a)
    if lower(f + 1) == a:
        return a, a + f + 1
    return a, lower(a - f)


def main():
    readline = sys.stdin.readline
    t = int(readline())
    out = []
    for _ in range(t):
        x, y = map(int, readline().split())
        move = winning_move(min(x, y), max(x, y))
        if move is None:
            out.append("lose")
        elif x > y:
            out.append(f"{move[1]} {move[0]}")
        else:
            out.append(f"{move[0]} {move[1]}")
    sys.stdout.write("\n".join(out) + "\n")


main()
