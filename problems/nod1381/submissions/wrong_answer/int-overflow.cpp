// nod1381 Coin game (51nod 1381): WRONG (wrong answer).
// The formula 2R is right, but everything is int. The answer 2R overflows a 32-bit int as soon as
// R >= 2^30 = 1073741824 (e.g. R = 1073741824 prints -2147483648 instead of 2147483648), and R itself
// (up to 1e10) does not fit an int beyond 2147483647. Use long long for R and for 2R.
#include <cstdio>

int main() {
    int t, r;
    scanf("%d", &t);
    while (t--) {
        scanf("%d", &r);
        printf("%d\n", 2 * r); // BUG: needs 64 bits
    }
    return 0;
}
