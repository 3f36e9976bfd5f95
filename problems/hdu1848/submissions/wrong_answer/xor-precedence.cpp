// hdu1848 Fibonacci again and again: WRONG (wrong answer).
// Same SG table as the accepted solution, but the test is written `sg[m]^sg[n]^sg[p]==0` without
// parentheses. In C and C++ `==` binds tighter than `^`, so this computes sg[m] ^ sg[n] ^ (sg[p] == 0)
// and decides from a meaningless value. Example: piles 1 2 1 have sg 1, 2, 1, xor 2, so Fibo wins,
// but 1 ^ 2 ^ (1 == 0) = 3 is non-zero and this prints Nacci. (The sample happens to pass.)
#include <cstdio>
#include <cstring>

const int N = 1001;
int f[20], sg[N];
bool vis[20];

void getSG() {
    f[0] = 1;
    f[1] = 2;
    for (int i = 2; i < 20; i++) f[i] = f[i - 1] + f[i - 2];
    sg[0] = 0;
    for (int i = 1; i < N; i++) {
        memset(vis, 0, sizeof(vis));
        for (int j = 0; f[j] <= i; j++) vis[sg[i - f[j]]] = true;
        for (int j = 0;; j++)
            if (!vis[j]) {
                sg[i] = j;
                break;
            }
    }
}

int main() {
    getSG();
    int m, n, p;
    while (scanf("%d %d %d", &m, &n, &p) == 3) {
        if (m == 0 && n == 0 && p == 0) break;
        if (sg[m] ^ sg[n] ^ sg[p] == 0) // BUG: parsed as sg[m] ^ sg[n] ^ (sg[p] == 0)
            puts("Nacci");
        else
            puts("Fibo");
    }
    return 0;
}
