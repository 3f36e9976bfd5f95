// hdu2509 Be the Winner: WRONG (wrong answer).
// Plain (normal-play) Nim: Fra wins iff the xor of the rows is non-zero. But whoever takes the last
// apple LOSES (misere), and the xor rule is wrong when every row has 1 apple: one row of 1 apple has
// xor 1, yet Fra must take it and loses; two rows of 1 have xor 0, yet Fra wins.
#include <cstdio>

int main() {
    int n, a;
    while (scanf("%d", &n) != EOF) {
        int x = 0;
        for (int i = 0; i < n; i++) {
            scanf("%d", &a);
            x ^= a;
        }
        puts(x ? "Yes" : "No"); // BUG: ignores the all-ones case of misere Nim
    }
    return 0;
}
