// hdu2509 Be the Winner: the usual accepted C++ solution.
// Taking a run of consecutive apples from a row (which may split it in two) has the same Grundy value
// as taking from a Nim heap (sg(x) = x), and the player who takes the last apple loses, so this is
// Anti-Nim (SJ theorem): if every row has 1 apple, Fra (first) wins iff the number of rows is even;
// otherwise Fra wins iff the xor of the row sizes is non-zero. Input runs to EOF.
#include <cstdio>

int main() {
    int n, a;
    while (scanf("%d", &n) != EOF) {
        int x = 0, ones = 0;
        for (int i = 0; i < n; i++) {
            scanf("%d", &a);
            x ^= a;
            if (a == 1) ones++;
        }
        bool win;
        if (ones == n)
            win = (n % 2 == 0);
        else
            win = (x != 0);
        puts(win ? "Yes" : "No");
    }
    return 0;
}
