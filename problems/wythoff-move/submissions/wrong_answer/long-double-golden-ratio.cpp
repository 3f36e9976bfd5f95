// Wythoff's game with an 80-bit long double golden ratio (64-bit mantissa): floor(k*phi) and floor(a/phi)
// carry an error of about k * 2^-63, so for k near 10^17 the floor is wrong whenever k*phi lies within a
// few hundredths of an integer: many random large positions and every Fibonacci k of the fib-* tests.
#include <cstdio>

typedef unsigned long long u64;

static const long double PHI = 1.6180339887498948482045868343656381L;

static u64 lower(u64 k) { return (u64)((long double)k * PHI); }

int main() {
    int t;
    if (scanf("%d", &t) != 1) return 0;
    while (t--) {
        u64 x, y;
        scanf("%llu %llu", &x, &y);
        u64 a = x < y ? x : y, b = x < y ? y : x;
        u64 k = b - a, cold = lower(k), c, d;
        if (a == cold) {
            puts("lose");
            continue;
        } else if (a > cold) {
            c = cold;
            d = cold + k;
        } else {
            u64 j = (u64)((long double)a / PHI) + 1;
            if (lower(j) == a) {
                c = a;
                d = a + j;
            } else {
                j = a - (u64)((long double)a / PHI);
                c = a;
                d = lower(j);
            }
        }
        if (x > y) printf("%llu %llu\n", d, c);
        else printf("%llu %llu\n", c, d);
    }
    return 0;
}
