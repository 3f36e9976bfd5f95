// hdu1517 A Multiplication Game: the usual accepted C++ solution (also POJ 2505, UVa 847).
// Stan wins iff 18^k < n <= 9 * 18^k for some k >= 0: Stan multiplies by 9 and Ollie by 2 at the
// boundary of each interval. The posted solution divides n by 18 (in floating point) until it is at
// most 18 and checks whether the rest is at most 9. n goes up to 4294967294, more than a signed int,
// so it is read as a double (exact for these integers). Input runs to EOF.
#include <cstdio>

int main() {
    double n;
    while (scanf("%lf", &n) != EOF) {
        while (n > 18) n /= 18;
        if (n <= 9)
            puts("Stan wins.");
        else
            puts("Ollie wins.");
    }
    return 0;
}
