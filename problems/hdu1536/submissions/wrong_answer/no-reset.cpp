// hdu1536 (= hdu1944) S-Nim: WRONG (wrong answer).
// The memoised-DFS version of the SG function, but the memo table is set to -1 only once, before the
// first test set. S changes from one test set to the next, so later test sets reuse sg values computed
// for an earlier S. (The sample happens to pass: its second set only asks for heaps whose values the
// first set never memoised wrongly.) Example: set {1, 3, 4} then set {2} both asking heap 2: the second
// set reuses sg[2] = 0 from the first, though with S = {2} sg[2] = 1. Fix: memset(sg, -1, ...) for every
// test set.
#include <cstdio>
#include <cstring>

int k, s[105], sg[10005];

int dfs(int x) {
    if (sg[x] != -1) return sg[x];
    bool vis[105];
    memset(vis, 0, sizeof(vis));
    for (int i = 0; i < k; i++)
        if (x >= s[i]) vis[dfs(x - s[i])] = true;
    for (int j = 0;; j++)
        if (!vis[j]) return sg[x] = j;
}

int main() {
    memset(sg, -1, sizeof(sg)); // BUG: belongs inside the loop over test sets
    while (scanf("%d", &k) != EOF && k != 0) {
        for (int i = 0; i < k; i++) scanf("%d", &s[i]);
        int m, l, h;
        scanf("%d", &m);
        while (m--) {
            scanf("%d", &l);
            int x = 0;
            while (l--) {
                scanf("%d", &h);
                x ^= dfs(h);
            }
            putchar(x ? 'W' : 'L');
        }
        putchar('\n');
    }
    return 0;
}
