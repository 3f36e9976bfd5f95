// hdu1536 (= hdu1944) S-Nim: WRONG (wrong answer).
// The table version of the accepted solution without the sort: the scan over S stops at the first
// s > x (`s[j] <= i` in the loop condition), which is only right when S is ascending. S is given in
// any order, e.g. the set line "2 5 2" (S = {5, 2}): for x = 2..4 the move 2 is never tried, so
// sg[2] = 0 instead of 1.
#include <cstdio>
#include <cstring>

int k, s[105], sg[10005];
bool vis[105];

void getSG() {
    sg[0] = 0;
    for (int i = 1; i <= 10000; i++) {
        memset(vis, 0, sizeof(vis));
        for (int j = 0; j < k && s[j] <= i; j++) vis[sg[i - s[j]]] = true; // BUG: S is not sorted
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
