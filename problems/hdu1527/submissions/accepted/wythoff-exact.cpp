// hdu1527 (= poj1067) Wythoff's game: accepted C++ solution with exact integer arithmetic.
// With a <= b and k = b - a, the position is lost for the player to move iff a == floor(k * phi),
// phi = (1 + sqrt 5) / 2. Because k * sqrt 5 is irrational for k >= 1,
//     floor(k * phi) = floor((k + k * sqrt 5) / 2) = (k + isqrt(5 * k * k)) / 2,
// and 5 * k * k <= 5e18 fits in a signed 64-bit integer. isqrt takes the double square root and then
// corrects it by +-1, so no rounding can flip the answer (the posted `(int)(k * (1 + sqrt(5)) / 2)`
// with double is wrong for some k near 1e8, see submissions/wrong_answer).
#include <algorithm>
#include <cmath>
#include <cstdio>

typedef long long ll;

ll isqrt(ll n) {
    ll r = (ll)sqrt((double)n);
    while (r > 0 && r * r > n) r--;
    while ((r + 1) * (r + 1) <= n) r++;
    return r;
}

int main() {
    ll a, b;
    while (scanf("%lld %lld", &a, &b) == 2) {
        if (a > b) std::swap(a, b);
        ll k = b - a;
        ll cold = (k + isqrt(5 * k * k)) / 2;
        if (a == cold)
            puts("0");
        else
            puts("1");
    }
    return 0;
}
