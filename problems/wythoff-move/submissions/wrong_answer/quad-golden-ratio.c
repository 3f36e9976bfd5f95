// Wythoff's game with a __float128 golden ratio (113-bit mantissa). Its floor(k*phi) is wrong only where
// k*phi lies within about k * 2^-112 of an integer: never on random positions, but for k = F(82), F(84)
// (and F(86) as a pile's pair index) k*phi is within phi^-n < 10^-17 of F(n+1), and the quad product rounds
// across it. Random data, even with 10^5 positions up to 10^18, cannot tell it from an exact solution.
#include <stdio.h>

typedef unsigned long long u64;

static const __float128 PHI = 1.6180339887498948482045868343656381Q;

static u64 lower(u64 k) { return (u64)((__float128)k * PHI); }

int main(void) {
    int t;
    if (scanf("%d", &t) != 1) return 0;
    while (t--) {
        u64 x, y, a, b, k, cold, c, d;
        if (scanf("%llu %llu", &x, &y) != 2) return 0;
        a = x < y ? x : y;
        b = x < y ? y : x;
        k = b - a;
        cold = lower(k);
        if (a == cold) {
            puts("lose");
            continue;
        } else if (a > cold) {
            c = cold;
            d = cold + k;
        } else {
            u64 j = (u64)((__float128)a / PHI) + 1;
            if (lower(j) == a) {
                c = a;
                d = a + j;
            } else {
                j = a - (u64)((__float128)a / PHI);
                c = a;
                d = lower(j);
            }
        }
        if (x > y) printf("%llu %llu\n", d, c);
        else printf("%llu %llu\n", c, d);
    }
    return 0;
}
