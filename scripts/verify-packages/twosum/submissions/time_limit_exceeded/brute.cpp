#include <cstdio>
#include <list>

int main() {
    int n;
    long long t;
    if (std::scanf("%d %lld", &n, &t) != 2) return 1;
    std::list<std::pair<long long, int>> before;  // a list: a scan that cannot be vectorised
    for (int j = 1; j <= n; ++j) {
        long long x;
        std::scanf("%lld", &x);
        for (auto [y, i] : before)
            if (x + y == t) {
                std::printf("%d %d\n", i, j);
                return 0;
            }
        before.emplace_back(x, j);
    }
    std::printf("impossible\n");
}
