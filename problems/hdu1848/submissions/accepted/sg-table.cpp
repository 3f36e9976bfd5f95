// hdu1848 Fibonacci again and again: the usual accepted C++ solution.
// Sprague-Grundy: each pile is a subtraction game with the moves 1, 2, 3, 5, 8, ... (Fibonacci numbers).
// sg[x] = mex{ sg[x - f] : f <= x } is computed once for x <= 1000; the first player wins iff
// sg[m] ^ sg[n] ^ sg[p] != 0. Input ends with "0 0 0".
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
        if ((sg[m] ^ sg[n] ^ sg[p]) != 0)
            puts("Fibo");
        else
            puts("Nacci");
    }
    return 0;
}
