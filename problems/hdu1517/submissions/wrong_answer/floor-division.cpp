// hdu1517 A Multiplication Game: WRONG (wrong answer).
// The divide-by-18 solution moved to integers with floor division (`n /= 18` on a long long). The
// reduction must round up: the interval test 18^k < n <= 9 * 18^k becomes, after one step, a test on
// ceil(n / 18), not floor(n / 18). With floor division e.g. n = 163 becomes 9 and prints "Stan wins.",
// but 163 > 9 * 18 = 162 is an Ollie number. Correct integer version: while (n > 18) n = (n + 17) / 18;
#include <cstdio>

int main() {
    long long n;
    while (scanf("%lld", &n) != EOF) {
        while (n > 18) n /= 18; // BUG: must round up
        if (n <= 9)
            puts("Stan wins.");
        else
            puts("Ollie wins.");
    }
    return 0;
}
