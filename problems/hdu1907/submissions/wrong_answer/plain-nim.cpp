// hdu1907 John: WRONG (wrong answer).
// Plain (normal-play) Nim: John wins iff the xor is non-zero. But here whoever eats the last candy
// LOSES (misere). The xor rule breaks when every pile has 1 candy: a single pile of 1 has xor 1, yet
// John must eat it and loses (the sample's second case), and two piles of 1 have xor 0, yet John wins.
#include <cstdio>

int main() {
    int t, n, a;
    scanf("%d", &t);
    while (t--) {
        scanf("%d", &n);
        int x = 0;
        for (int i = 0; i < n; i++) {
            scanf("%d", &a);
            x ^= a;
        }
        puts(x ? "John" : "Brother"); // BUG: ignores the all-ones case of misere Nim
    }
    return 0;
}
