# Bash game: leave the judge a multiple of m + 1 stones, taking n mod (m + 1). Reads one line at a time and
# flushes every move, as the interaction requires.
import sys


def main():
    readline = sys.stdin.readline
    games = int(readline())
    for _ in range(games):
        n, m = map(int, readline().split())
        while True:
            k = n % (m + 1)
            n -= k
            print(k, flush=True)
            taken = int(readline())
            if taken == 0:
                break
            n -= taken


main()
