// hdu1404 Digital Deletions: WRONG (wrong answer).
// The precomputed table of the accepted solution is right, but the input is read with scanf("%d"),
// which drops leading zeros. Every string that starts with 0 is a win (erase that 0 and all after it),
// yet e.g. "01" is read as 1, a lost position, and this prints "No" instead of "Yes".
#include <cstdio>
#include <cstring>

const int N = 1000000;
bool sg[N]; // true: the player to move wins

int getLength(int n) {
    int len = 0;
    while (n) {
        len++;
        n /= 10;
    }
    return len;
}

void extend(int n) {
    int len = getLength(n);
    for (int i = 0, base = 1; i < len; i++, base *= 10) {
        int digit = n / base % 10;
        int m = n;
        for (int d = digit; d < 9; d++) {
            m += base;
            sg[m] = true;
        }
    }
    int m = n, base = 1;
    for (int i = len; i < 6; i++) {
        m *= 10;
        for (int b = 0; b < base; b++) sg[m + b] = true;
        base *= 10;
    }
}

int main() {
    memset(sg, 0, sizeof(sg));
    sg[0] = true; // "0", "00", ... : erase the first 0
    for (int i = 1; i < N; i++)
        if (!sg[i]) extend(i);
    int n;
    while (scanf("%d", &n) != EOF) // BUG: "01" and "1" become the same number
        puts(sg[n] ? "Yes" : "No");
    return 0;
}
