// acwing891 Nim game: the usual accepted C++ solution.
// Normal-play Nim (Bouton): the first player wins iff the xor of all pile sizes is non-zero.
// Piles are at most 1e9, so int is enough.
#include <cstdio>

int main() {
    int n;
    scanf("%d", &n);
    int res = 0;
    while (n--) {
        int x;
        scanf("%d", &x);
        res ^= x;
    }
    if (res)
        puts("Yes");
    else
        puts("No");
    return 0;
}
