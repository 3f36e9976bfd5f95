#include <array>
#include <cstdio>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 1;
    std::array<long long, 1000> a{};
    long long pairs = 0;
    for (int i = 0; i < n; ++i) {
        std::scanf("%lld", &a.at(i));  // throws past 1000 numbers
        for (int j = 0; j < i; ++j) pairs += a[i] + a[j] == 0;
    }
    std::printf("%lld\n", pairs);
}
