# S-Nim: Sprague-Grundy values g(h) = mex of g(h - s), s in S, computed once per set S up to the largest heap
# of the game (and extended when a game needs more). Leave the judge heaps whose values xor to 0: a heap with
# g(h) ^ x < g(h) has a move s to a heap of value g(h) ^ x (g(h) is a mex). Reads one line at a time and
# flushes every move, as the interaction requires.
import sys
from operator import itemgetter

tables = {}


def grundy(moves, top):
    """g(0..top) for the sorted moves, kept between games. g(h - s) is g[-s] while g holds g(0..h-1): one
    itemgetter picks the values of every move that fits h, at C speed."""
    g = tables.setdefault(moves, [0])
    usable = sum(1 for s in moves if s < len(g))
    pick = itemgetter(*[-s for s in moves[:usable]], -moves[0]) if usable else None
    for h in range(len(g), top + 1):
        if usable < len(moves) and moves[usable] <= h:
            while usable < len(moves) and moves[usable] <= h:
                usable += 1
            # A tuple even for one index: itemgetter of one index returns the item itself.
            pick = itemgetter(*[-s for s in moves[:usable]], -moves[0])
        seen = set(pick(g)) if pick else ()
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


def main():
    readline = sys.stdin.readline
    games = int(readline())
    for _ in range(games):
        row = list(map(int, readline().split()))
        moves = tuple(sorted(row[1 : 1 + row[0]]))
        row = list(map(int, readline().split()))
        heaps = row[1 : 1 + row[0]]
        g = grundy(moves, max(heaps))
        while True:
            x = 0
            for h in heaps:
                x ^= g[h]
            i = next(i for i, h in enumerate(heaps) if g[h] ^ x < g[h])
            h, want = heaps[i], g[heaps[i]] ^ x
            s = next(s for s in moves if s <= h and g[h - s] == want)
            heaps[i] -= s
            print(i + 1, s, flush=True)
            j, t = map(int, readline().split())
            if j == 0:
                break
            heaps[j - 1] -= t


main()
