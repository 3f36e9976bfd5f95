// hdu2147 kiki's game: WRONG (memory limit exceeded, judged with run_time_error).
// Correct answers from a P/N table over the whole 2000 x 2000 board, but the table is an int array:
// 2001 * 2001 * 4 bytes = 16 MB, while the C/C++ memory limit is 10000 K. Filling it touches every page,
// so the process exceeds the limit before printing anything. (A bool/char table, 4 MB, would fit; the
// O(1) parity rule needs no table at all.)
#include <cstdio>

const int N = 2001;
int win[N][N]; // win[i][j]: the coin is i rows above the bottom and j columns right of the left edge

int main() {
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int w = 0;
            if (j > 0 && !win[i][j - 1]) w = 1;
            if (i > 0 && !win[i - 1][j]) w = 1;
            if (i > 0 && j > 0 && !win[i - 1][j - 1]) w = 1;
            win[i][j] = w;
        }
    int n, m;
    while (scanf("%d %d", &n, &m) != EOF && (n != 0 || m != 0)) {
        if (win[n - 1][m - 1])
            puts("Wonderful!");
        else
            puts("What a pity!");
    }
    return 0;
}
