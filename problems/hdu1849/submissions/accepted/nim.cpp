// hdu1849 Rabbit and Grass: the usual accepted C++ solution.
// Each piece on cell K can move to any cell left of it, exactly like a Nim heap of K stones (pieces
// on cell 0 are empty heaps). Rabbit (first) wins iff the xor of all K_i is non-zero. m = 0 ends the input.
#include <cstdio>

int main() {
    int m, k;
    while (scanf("%d", &m) != EOF && m != 0) {
        int x = 0;
        while (m--) {
            scanf("%d", &k);
            x ^= k;
        }
        if (x != 0)
            puts("Rabbit Win!");
        else
            puts("Grass Win!");
    }
    return 0;
}
