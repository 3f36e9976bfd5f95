// hdu1850 Being a Good Boy in Spring Festival: WRONG (wrong answer).
// Counts the piles with a[i] > X (X = xor of all piles), as if "the pile is bigger than X" were the
// condition for a move to xor 0. The right condition is (a[i] ^ X) < a[i], i.e. a[i] has X's top bit.
// Examples: piles 1 2 4 have X = 7, larger than every pile, so this prints 0, but 4 -> 3 wins (answer 1);
// piles 6 5 have X = 3, smaller than both, so this prints 2, but only 6 -> 5 wins (5 ^ 3 = 6 > 5): answer 1.
#include <cstdio>

int a[105];

int main() {
    int m;
    while (scanf("%d", &m) != EOF && m != 0) {
        int x = 0;
        for (int i = 0; i < m; i++) {
            scanf("%d", &a[i]);
            x ^= a[i];
        }
        int cnt = 0;
        if (x != 0)
            for (int i = 0; i < m; i++)
                if (a[i] > x) cnt++; // BUG: must be (a[i] ^ x) < a[i]
        printf("%d\n", cnt);
    }
    return 0;
}
