# Nim: leave the judge piles whose xor is 0 (take a - (a ^ x) from a pile a with a ^ x < a, x the xor of
# the piles). Reads one line at a time and flushes every move, as the interaction requires.
import sys


def main():
    readline = sys.stdin.readline
    games = int(readline())
    for _ in range(games):
        row = list(map(int, readline().split()))
        piles = row[1 : 1 + row[0]]
        while True:
            x = 0
            for a in piles:
                x ^= a
            i = next(i for i, a in enumerate(piles) if a ^ x < a)
            k = piles[i] - (piles[i] ^ x)
            piles[i] -= k
            print(i + 1, k, flush=True)
            j, t = map(int, readline().split())
            if j == 0:
                break
            piles[j - 1] -= t


main()
