// hdu1850 Being a Good Boy in Spring Festival: the usual accepted C++ solution.
// Nim. Let X be the xor of all piles. A winning first move must leave xor 0, i.e. turn pile a[i]
// into a[i] ^ X, which is a legal move iff (a[i] ^ X) < a[i]. Each pile gives at most one such move,
// so the answer is the number of piles with (a[i] ^ X) < a[i] (0 when X == 0). M = 0 ends the input.
#include <cstdio>

int a[105];

int main() {
    int m;
    while (scanf("%d", &m) != EOF && m != 0) {
        int x = 0;
        for (int i = 0; i < m; i++) {
            scanf("%d", &a[i]);
            x ^= a[i];
        }
        int cnt = 0;
        if (x != 0)
            for (int i = 0; i < m; i++)
                if ((a[i] ^ x) < a[i]) cnt++;
        printf("%d\n", cnt);
    }
    return 0;
}
