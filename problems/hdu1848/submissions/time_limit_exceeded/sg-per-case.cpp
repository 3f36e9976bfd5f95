// hdu1848 Fibonacci again and again: WRONG (time limit exceeded).
// The SG values are right, but the table is rebuilt for every test case with the common getSG
// template, which clears a 1001-int "seen" array for every x. That is about 1000 * 4 KB of memset plus
// 1000 * 15 table steps per case; with 100000 cases it is far beyond 1 second. The table does not depend
// on the case, so it must be computed once, before reading the input.
#include <cstdio>
#include <cstring>

const int N = 1001;
int f[N], sg[N], S[N];

void getSG(int n) {
    memset(sg, 0, sizeof(sg));
    for (int i = 1; i <= n; i++) {
        memset(S, 0, sizeof(S));
        for (int j = 0; f[j] <= i && j <= N; j++) S[sg[i - f[j]]] = 1;
        for (int j = 0;; j++)
            if (!S[j]) {
                sg[i] = j;
                break;
            }
    }
}

int main() {
    f[0] = 1;
    f[1] = 2;
    for (int i = 2; i < 20; i++) f[i] = f[i - 1] + f[i - 2];
    int m, n, p;
    while (scanf("%d %d %d", &m, &n, &p) == 3) {
        if (m == 0 && n == 0 && p == 0) break;
        getSG(1000); // BUG: recomputed for every case
        if ((sg[m] ^ sg[n] ^ sg[p]) != 0)
            puts("Fibo");
        else
            puts("Nacci");
    }
    return 0;
}
