// hdu1536 (= hdu1944) S-Nim: the usual accepted C++ solution.
// Sprague-Grundy. For every test set, sort S and fill sg[0..10000] with
// sg[x] = mex{ sg[x - s] : s in S, s <= x }; a position wins iff the xor of sg[h_i] is non-zero.
// sg values are at most k <= 100, so the mex array needs 101 slots (102 read by the mex scan).
// The table is rebuilt per test set because S changes. One line of W/L per test set; k = 0 ends the input.
#include <algorithm>
#include <cstdio>
#include <cstring>
using namespace std;

int k, s[105], sg[10005];
bool vis[105];

void getSG() {
    sort(s, s + k);
    sg[0] = 0;
    for (int i = 1; i <= 10000; i++) {
        memset(vis, 0, sizeof(vis));
        for (int j = 0; j < k && s[j] <= i; j++) vis[sg[i - s[j]]] = true;
        for (int j = 0;; j++)
            if (!vis[j]) {
                sg[i] = j;
                break;
            }
    }
}

int main() {
    while (scanf("%d", &k) != EOF && k != 0) {
        for (int i = 0; i < k; i++) scanf("%d", &s[i]);
        getSG();
        int m, l, h;
        scanf("%d", &m);
        while (m--) {
            scanf("%d", &l);
            int x = 0;
            while (l--) {
                scanf("%d", &h);
                x ^= sg[h];
            }
            putchar(x ? 'W' : 'L');
        }
        putchar('\n');
    }
    return 0;
}
