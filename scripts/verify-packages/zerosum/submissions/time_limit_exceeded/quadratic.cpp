#include <cstdio>
#include <list>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    std::list<long long> before;  // a list: a scan that cannot be vectorised
    long long pairs = 0;
    for (int i = 0; i < n; ++i) {
        long long x;
        std::scanf("%lld", &x);
        for (long long y : before) pairs += x + y == 0;
        before.push_back(x);
    }
    std::printf("%lld\n", pairs);
}
