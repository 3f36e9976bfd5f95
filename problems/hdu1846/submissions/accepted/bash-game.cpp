// hdu1846 Brave Game: the usual accepted C++ solution.
// Bash game: one pile of n stones, each move takes 1..m of them, whoever takes the last stone wins.
// The second player wins exactly when n is a multiple of m+1 (he answers a take of t with m+1-t),
// so the first player wins iff n % (m+1) != 0. O(1) per case.
#include <cstdio>

int main() {
    int c, n, m;
    scanf("%d", &c);
    while (c--) {
        scanf("%d %d", &n, &m);
        if (n % (m + 1) != 0)
            puts("first");
        else
            puts("second");
    }
    return 0;
}
