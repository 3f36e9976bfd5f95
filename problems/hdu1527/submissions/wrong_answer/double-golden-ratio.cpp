// hdu1527 (= poj1067) Wythoff's game: WRONG (wrong answer). The solution posted in most tutorials.
// It tests a == (int)((b - a) * (1 + sqrt(5)) / 2) in double precision. k * phi needs about 30 bits
// before the point and more than 23 after it to be floored correctly, but a double has 53 bits in all:
// for some cold positions with b <= 1e9 k * phi lies within ~1e-8 below an integer, rounds up to it, and
// the floor comes out one too large. The first such k is 102334155 (a Fibonacci number): the losing
// position (165580140, 267914295) is reported as a win ("1" instead of "0").
#include <cmath>
#include <cstdio>

int main() {
    int a, b;
    while (scanf("%d %d", &a, &b) != EOF) {
        if (a > b) {
            int t = a;
            a = b;
            b = t;
        }
        int k = b - a;
        if (a == (int)(k * (1 + sqrt(5.0)) / 2))
            puts("0");
        else
            puts("1");
    }
    return 0;
}
