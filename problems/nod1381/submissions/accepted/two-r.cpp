// nod1381 Coin game (51nod 1381): the usual accepted C++ solution.
// A coin of radius R dropped on lines 1 apart meets every line within distance R of its centre; over a
// uniform offset that is 2R lines on average (touching has probability 0). R goes up to 1e10 and the
// answer 2R up to 2e10, so both need 64 bits.
#include <cstdio>

int main() {
    int t;
    long long r;
    scanf("%d", &t);
    while (t--) {
        scanf("%lld", &r);
        printf("%lld\n", 2 * r);
    }
    return 0;
}
