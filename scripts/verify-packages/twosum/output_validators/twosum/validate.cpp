// Kattis output validator: validate input answer feedback_dir < team_output; exit 42 accepted, 43 wrong.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

static int verdict(bool accepted, const char *why) {
    if (!accepted) std::fprintf(stderr, "%s\n", why);
    return accepted ? 42 : 43;
}

int main(int argc, char **argv) {
    if (argc < 4) return 1;
    std::ifstream input(argv[1]), answer(argv[2]);
    long long n, t;
    input >> n >> t;
    std::vector<long long> a(n);
    for (auto &x : a) input >> x;
    std::string expected;
    answer >> expected;
    std::string first;
    if (!(std::cin >> first)) return verdict(false, "no output");
    if (first == "impossible") {
        std::string extra;
        if (std::cin >> extra) return verdict(false, "more output than expected");
        return verdict(expected == "impossible", "said impossible, but a pair exists");
    }
    long long i, j;
    try {
        i = std::stoll(first);
    } catch (...) {
        return verdict(false, "not a position");
    }
    if (!(std::cin >> j)) return verdict(false, "one position only");
    std::string extra;
    if (std::cin >> extra) return verdict(false, "more output than expected");
    if (i < 1 || j < 1 || i > n || j > n || i == j) return verdict(false, "positions out of range or equal");
    return verdict(a[i - 1] + a[j - 1] == t, "the numbers do not add up to the target");
}
