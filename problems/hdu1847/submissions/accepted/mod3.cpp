// hdu1847 Good Luck in CET-4 Everybody!: the usual accepted C++ solution.
// A move takes a power of two (1, 2, 4, ...) cards. No power of two is a multiple of 3, so from a
// multiple of 3 every move leaves a non-multiple, and from a non-multiple taking 1 or 2 reaches one.
// Kiki (first) loses iff n % 3 == 0. Input runs to EOF.
#include <cstdio>

int main() {
    int n;
    while (scanf("%d", &n) != EOF) {
        if (n % 3 == 0)
            puts("Cici");
        else
            puts("Kiki");
    }
    return 0;
}
