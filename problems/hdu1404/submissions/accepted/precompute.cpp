// hdu1404 Digital Deletions: the usual accepted C++ solution.
// Precompute, for every number 1..999999 written without leading zeros, whether it is a win for the
// player to move. Walk i upwards: an unmarked i is a P-position (every move from i leads to a marked
// N-position). From a P-position i, every string that can move to i is an N-position: i with one digit
// raised, and i followed by a 0 and any (possibly empty) suffix, up to 6 digits in all.
// A string starting with 0 is always a win (erase that 0 and everything after it), so the input is read
// as a string, not as a number. Input runs to EOF.
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
    // raise one digit
    for (int i = 0, base = 1; i < len; i++, base *= 10) {
        int digit = n / base % 10;
        int m = n;
        for (int d = digit; d < 9; d++) {
            m += base;
            sg[m] = true;
        }
    }
    // append a 0 and any suffix
    int m = n, base = 1;
    for (int i = len; i < 6; i++) {
        m *= 10;
        for (int b = 0; b < base; b++) sg[m + b] = true;
        base *= 10;
    }
}

int main() {
    memset(sg, 0, sizeof(sg));
    for (int i = 1; i < N; i++)
        if (!sg[i]) extend(i);
    char s[10];
    while (scanf("%s", s) != EOF) {
        if (s[0] == '0') {
            puts("Yes");
            continue;
        }
        int n = 0;
        for (int i = 0; s[i]; i++) n = n * 10 + (s[i] - '0');
        puts(sg[n] ? "Yes" : "No");
    }
    return 0;
}
