// hdu1536 (= hdu1944) S-Nim: WRONG (wrong answer).
// The accepted table solution with the mex array one slot too small: bool vis[100]. With k = 100 moves
// an sg value can be 100 (e.g. S = {1..100}: sg(x) = x mod 101, so heap 100 has sg 100). Then
// vis[sg[...]] = true writes vis[100], one past the end, and the mex scan reads past the end too; the
// memset clears only the first 100 entries, so a true left at vis[100] stays there and later positions
// whose moves reach all of 0..99 get a wrong mex. This is undefined behaviour; with g++ -O2 on Linux it
// prints wrong W/L letters. The array needs k + 1 = 101 slots (better k + 2).
// Subtask 1 (k <= 5) keeps every sg value at most 5, where it is right: it earns that subtask.
// @EXPECTED_SCORE@: 30
#include <algorithm>
#include <cstdio>
#include <cstring>
using namespace std;

int k, s[105], sg[10005];
bool vis[100]; // BUG: sg values go up to k = 100, so 101 slots are needed

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
