// hdu2147 kiki's game: the usual accepted C++ solution.
// Mark P/N positions from the bottom-left corner (a P-position, no move): a cell is P iff its distances
// to the left edge and to the bottom edge are both even. The coin starts at distance m-1 and n-1, so
// kiki (first) loses iff n and m are both odd. "0 0" ends the input.
#include <cstdio>

int main() {
    int n, m;
    while (scanf("%d %d", &n, &m) != EOF && (n != 0 || m != 0)) {
        if (n % 2 == 1 && m % 2 == 1)
            puts("What a pity!");
        else
            puts("Wonderful!");
    }
    return 0;
}
