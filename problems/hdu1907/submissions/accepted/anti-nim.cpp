// hdu1907 John: the usual accepted C++ solution.
// Misere Nim (whoever eats the last candy loses), solved by the Anti-Nim (SJ) theorem:
// - if every pile has exactly 1 candy, John (first) wins iff the number of piles is even;
// - otherwise John wins iff the xor of all piles is non-zero.
#include <cstdio>

int main() {
    int t, n, a;
    scanf("%d", &t);
    while (t--) {
        scanf("%d", &n);
        int x = 0, ones = 0;
        for (int i = 0; i < n; i++) {
            scanf("%d", &a);
            x ^= a;
            if (a == 1) ones++;
        }
        bool john;
        if (ones == n)
            john = (n % 2 == 0);
        else
            john = (x != 0);
        puts(john ? "John" : "Brother");
    }
    return 0;
}
