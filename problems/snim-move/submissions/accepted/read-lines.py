# Reads the input line by line exactly as the statement lays it out (T; per test set a line `k s1 .. sk`, a
# line m, then m lines `l h1 .. hl`), each line split on whitespace. S-Nim: Sprague-Grundy values g(h) = mex
# of g(h - s) over s in S, up to the largest heap of the test set; a position is lost iff the xor of its
# heaps' values x is 0; else a heap with g(h) ^ x < g(h) has a move s with g(h - s) = g(h) ^ x.
import sys
from operator import itemgetter


def grundy(moves, top):
    """g(0..top), moves sorted. g grows by one value per heap size h, so g(h - s) is g[-s] while g holds
    g(0..h-1): one itemgetter picks the values of every move that fits h, at C speed."""
    g = [0]
    usable = 0
    pick = None
    for h in range(1, top + 1):
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
    t = int(readline())
    out = []
    for _ in range(t):
        line = list(map(int, readline().split()))
        moves = sorted(line[1 : 1 + line[0]])
        m = int(readline())
        positions = []
        for _ in range(m):
            row = list(map(int, readline().split()))
            positions.append(row[1 : 1 + row[0]])
        g = grundy(moves, max(max(p) for p in positions))
        for heaps in positions:
            x = 0
            for h in heaps:
                x ^= g[h]
            if x == 0:
                out.append("lose")
                continue
            # g(h) is the mex of the values one move away, so every smaller value is one move away: a heap
            # with g(h) ^ x < g(h) has a move to it.
            i = next(i for i, h in enumerate(heaps) if g[h] ^ x < g[h])
            h, want = heaps[i], g[heaps[i]] ^ x
            s = next(s for s in moves if s <= h and g[h - s] == want)
            out.append(f"{i + 1} {s}")
    sys.stdout.write("\n".join(out) + "\n")


main()
