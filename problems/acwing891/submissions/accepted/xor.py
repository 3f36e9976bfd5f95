# Nim (Bouton): the first player wins iff the xor of the pile sizes is not 0. Reads the two lines the
# statement promises.
import sys

n = int(sys.stdin.readline())
x = 0
for a in map(int, sys.stdin.readline().split()):
    x ^= a
print("Yes" if x else "No")
