# Reads the input line by line exactly as the statement lays it out (T, then for each position a line n and a
# line of n pile sizes), each line split on whitespace. Nim: the position is lost iff the xor x of the piles
# is 0; otherwise a pile a with a ^ x < a exists (one holding x's highest bit), and taking a - (a ^ x) from
# it leaves xor 0.
import sys


def main():
    readline = sys.stdin.readline
    t = int(readline())
    out = []
    for _ in range(t):
        n = int(readline())
        piles = list(map(int, readline().split()))
        assert len(piles) == n
        x = 0
        for a in piles:
            x ^= a
        if x == 0:
            out.append("lose")
            continue
        for i, a in enumerate(piles):
            if a ^ x < a:
                out.append(f"{i + 1} {a - (a ^ x)}")
                break
    sys.stdout.write("\n".join(out) + "\n")


main()
