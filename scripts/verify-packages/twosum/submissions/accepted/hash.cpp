#include <cstdio>
#include <unordered_map>

int main() {
    int n;
    long long t;
    if (std::scanf("%d %lld", &n, &t) != 2) return 1;
    std::unordered_map<long long, int> where;
    where.reserve(2 * n);
    for (int j = 1; j <= n; ++j) {
        long long x;
        std::scanf("%lld", &x);
        auto it = where.find(t - x);
        if (it != where.end()) {
            std::printf("%d %d\n", it->second, j);
            return 0;
        }
        where.emplace(x, j);
    }
    std::printf("impossible\n");
}
