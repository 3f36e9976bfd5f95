# Misere Nim (whoever takes the last stone loses): play as in Nim while two piles or more hold 2 stones or
# more; when only one does, cut it to 0 or 1 so that an odd number of piles of one stone is left; when every
# pile holds at most one stone, take one (the count of ones is even in a won position). Reads one line at a
# time and flushes every move, as the interaction requires.
import sys


def move(piles):
    big = [i for i, a in enumerate(piles) if a > 1]
    ones = sum(1 for a in piles if a == 1)
    if not big:
        i = next(i for i, a in enumerate(piles) if a == 1)
        return i, 1
    if len(big) == 1:
        i = big[0]
        # ones counts the other piles of one stone: leave pile i at 0 when they are odd, at 1 when even.
        return i, piles[i] if ones % 2 == 1 else piles[i] - 1
    x = 0
    for a in piles:
        x ^= a
    i = next(i for i, a in enumerate(piles) if a ^ x < a)
    return i, piles[i] - (piles[i] ^ x)


def main():
    readline = sys.stdin.readline
    games = int(readline())
    for _ in range(games):
        row = list(map(int, readline().split()))
        piles = row[1 : 1 + row[0]]
        while True:
            i, k = move(piles)
            piles[i] -= k
            print(i + 1, k, flush=True)
            j, t = map(int, readline().split())
            if j == 0:
                break
            piles[j - 1] -= t


main()
