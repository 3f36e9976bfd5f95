#include <algorithm>
#include <cstdio>
#include <vector>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    std::vector<long long> a(n);
    for (auto &x : a) std::scanf("%lld", &x);
    std::sort(a.begin(), a.end());
    long long pairs = 0;
    for (int i = 0; i < n; ++i) {
        auto range = std::equal_range(a.begin() + i + 1, a.end(), -a[i]);
        pairs += range.second - range.first;
    }
    std::printf("%lld\n", pairs);
}
