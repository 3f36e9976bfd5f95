//! lanqiao-prev34 — 历届试题 矩阵翻硬币 (Lanqiao PREV-34), http://lx.lanqiao.cn/
//!
//! Idea: coin (x, y) is flipped d(x)·d(y) times (d = number of divisors), which is odd iff x and y are both
//! perfect squares; so the answer is ⌊√n⌋·⌊√m⌋. n, m have up to 1001 digits: exact big-integer square
//! root (digit by digit in base 10^9, a few million limb operations) and product; no floating point.

use std::io::{self, Read, Write};

fn solve(input: &str) -> String {
    let mut tokens = input.split_ascii_whitespace();
    let (Some(n), Some(m)) = (tokens.next(), tokens.next()) else {
        return String::new();
    };
    let n = BigUint::from_dec(n).expect("n is a non-negative integer");
    let m = BigUint::from_dec(m).expect("m is a non-negative integer");
    format!("{}\n", n.isqrt().mul(&m.isqrt()))
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).expect("read stdin");
    io::stdout()
        .write_all(solve(&input).as_bytes())
        .expect("write stdout");
}

// ---- BEGIN shared: bigint.rs ----
// Unsigned big integer, embedded in every solution that needs one (a submission is a single file): the
// lines between BEGIN and END are a copy of problems/.shared/bigint.rs, which the harness's tests compare
// byte for byte. Change that file, then paste it here and into every other copy. Each solution uses only
// part of this type; `#[expect(dead_code)]` would need Rust 1.81, so `allow` it is.

/// Limb base: a limb times a `u32` plus a carry stays below 2^64.
const BIG_BASE: u64 = 1_000_000_000;

/// Unsigned big integer: little-endian base-10^9 limbs with no zero limb on top (zero has no limbs).
#[derive(Clone, Debug, PartialEq, Eq)]
struct BigUint {
    limbs: Vec<u32>,
}

#[allow(dead_code)]
impl BigUint {
    fn from_u64(mut value: u64) -> Self {
        let mut limbs = Vec::new();
        while value > 0 {
            limbs.push((value % BIG_BASE) as u32);
            value /= BIG_BASE;
        }
        BigUint { limbs }
    }

    /// Decimal digits, leading zeros allowed; `None` for an empty string or any non-digit.
    fn from_dec(text: &str) -> Option<Self> {
        let digits = text.as_bytes();
        if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let mut limbs = Vec::with_capacity(digits.len() / 9 + 1);
        let mut end = digits.len();
        while end > 0 {
            let start = end.saturating_sub(9);
            let limb = digits[start..end]
                .iter()
                .fold(0u32, |acc, &d| acc * 10 + u32::from(d - b'0'));
            limbs.push(limb);
            end = start;
        }
        Some(BigUint { limbs }.trimmed())
    }

    fn trimmed(mut self) -> Self {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
        self
    }

    fn add(&self, other: &Self) -> Self {
        let len = self.limbs.len().max(other.limbs.len());
        let mut limbs = Vec::with_capacity(len + 1);
        let mut carry = 0u64;
        for i in 0..len {
            let a = u64::from(self.limbs.get(i).copied().unwrap_or(0));
            let b = u64::from(other.limbs.get(i).copied().unwrap_or(0));
            let sum = a + b + carry;
            limbs.push((sum % BIG_BASE) as u32);
            carry = sum / BIG_BASE;
        }
        if carry > 0 {
            limbs.push(carry as u32);
        }
        BigUint { limbs }
    }

    /// `self - other`; panics when `other > self` (the type has no negative numbers).
    fn sub(&self, other: &Self) -> Self {
        assert!(self >= other, "BigUint::sub would go negative");
        let mut limbs = Vec::with_capacity(self.limbs.len());
        let mut borrow = 0u64;
        for (i, &limb) in self.limbs.iter().enumerate() {
            let b = u64::from(other.limbs.get(i).copied().unwrap_or(0)) + borrow;
            let a = u64::from(limb);
            if a >= b {
                limbs.push((a - b) as u32);
                borrow = 0;
            } else {
                limbs.push((a + BIG_BASE - b) as u32);
                borrow = 1;
            }
        }
        BigUint { limbs }.trimmed()
    }

    fn mul_small(&self, factor: u32) -> Self {
        let mut limbs = Vec::with_capacity(self.limbs.len() + 2);
        let mut carry = 0u64;
        for &limb in &self.limbs {
            // < 10^9 * 2^32 + 2^33: fits in u64.
            let cur = u64::from(limb) * u64::from(factor) + carry;
            limbs.push((cur % BIG_BASE) as u32);
            carry = cur / BIG_BASE;
        }
        while carry > 0 {
            limbs.push((carry % BIG_BASE) as u32);
            carry /= BIG_BASE;
        }
        BigUint { limbs }.trimmed()
    }

    /// Schoolbook product, O(len(self) * len(other)).
    fn mul(&self, other: &Self) -> Self {
        if self.limbs.is_empty() || other.limbs.is_empty() {
            return BigUint { limbs: Vec::new() };
        }
        let mut acc = vec![0u64; self.limbs.len() + other.limbs.len()];
        for (i, &a) in self.limbs.iter().enumerate() {
            let mut carry = 0u64;
            for (j, &b) in other.limbs.iter().enumerate() {
                // < 10^9 + (10^9 - 1)^2 + 10^9 < 2^64.
                let cur = acc[i + j] + u64::from(a) * u64::from(b) + carry;
                acc[i + j] = cur % BIG_BASE;
                carry = cur / BIG_BASE;
            }
            acc[i + other.limbs.len()] = carry;
        }
        BigUint {
            limbs: acc.into_iter().map(|limb| limb as u32).collect(),
        }
        .trimmed()
    }

    fn pow(&self, mut exp: u32) -> Self {
        let mut result = BigUint::from_u64(1);
        let mut base = self.clone();
        while exp > 0 {
            if exp & 1 == 1 {
                result = result.mul(&base);
            }
            exp >>= 1;
            if exp > 0 {
                base = base.mul(&base);
            }
        }
        result
    }

    /// `self · 10^9 + low`: every limb moves up one place and `low` becomes the lowest.
    fn shifted_plus(&self, low: u32) -> Self {
        let mut limbs = Vec::with_capacity(self.limbs.len() + 1);
        limbs.push(low);
        limbs.extend_from_slice(&self.limbs);
        BigUint { limbs }.trimmed()
    }

    /// Exact floor of the square root, the pencil-and-paper way in base 10^9: bring down the limbs of
    /// `self` two at a time; with `root` the root so far and `rest` = (limbs so far) - root^2, the next root
    /// limb is the largest d with (2·root·B + d)·d <= rest (binary search, 30 steps of O(L) work).
    /// O(30·L^2) limb operations for L limbs: about 10^5 for 1000 decimal digits.
    fn isqrt(&self) -> Self {
        let mut root = BigUint::from_u64(0);
        let mut rest = BigUint::from_u64(0);
        for pair in (0..(self.limbs.len() + 1) / 2).rev() {
            let high = self.limbs.get(2 * pair + 1).copied().unwrap_or(0);
            rest = rest.shifted_plus(high).shifted_plus(self.limbs[2 * pair]);
            let twice_root = root.mul_small(2).shifted_plus(0);
            // (2·root·B + d)·d, the amount by which (root·B + d)^2 exceeds (root·B)^2.
            let growth = |d: u32| {
                twice_root
                    .mul_small(d)
                    .add(&BigUint::from_u64(u64::from(d) * u64::from(d)))
            };
            let (mut lo, mut hi) = (0u32, (BIG_BASE - 1) as u32);
            while lo < hi {
                let mid = lo + (hi - lo + 1) / 2;
                if growth(mid) <= rest {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            rest = rest.sub(&growth(lo));
            root = root.shifted_plus(lo);
        }
        root
    }
}

impl Ord for BigUint {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        // Normalised limbs: more limbs means larger; otherwise compare from the most significant limb.
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

impl PartialOrd for BigUint {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl std::fmt::Display for BigUint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.limbs.split_last() {
            None => f.write_str("0"),
            Some((top, rest)) => {
                write!(f, "{top}")?;
                rest.iter()
                    .rev()
                    .try_for_each(|limb| write!(f, "{limb:09}"))
            }
        }
    }
}

#[cfg(test)]
mod big_uint_tests {
    use super::BigUint;

    fn big(text: &str) -> BigUint {
        BigUint::from_dec(text).expect("decimal digits")
    }

    /// 10^k as a decimal string.
    fn ten_pow(k: usize) -> String {
        format!("1{}", "0".repeat(k))
    }

    #[test]
    fn decimal_round_trip() {
        for text in [
            "0",
            "7",
            "999999999",
            "1000000000",
            "18446744073709551615",
            &ten_pow(1000),
        ] {
            assert_eq!(big(text).to_string(), text);
        }
        assert_eq!(big("000120").to_string(), "120");
        assert_eq!(big("0000").to_string(), "0");
        assert_eq!(BigUint::from_u64(u64::MAX), big("18446744073709551615"));
        assert_eq!(BigUint::from_u64(0).to_string(), "0");
        assert!(BigUint::from_dec("").is_none());
        assert!(BigUint::from_dec("12a").is_none());
        assert!(BigUint::from_dec("-5").is_none());
    }

    #[test]
    fn powers_of_two_and_ten() {
        let two = BigUint::from_u64(2);
        assert_eq!(two.pow(64).to_string(), "18446744073709551616");
        assert_eq!(two.pow(100).to_string(), "1267650600228229401496703205376");
        assert_eq!(
            two.pow(128).to_string(),
            "340282366920938463463374607431768211456"
        );
        let mut doubled = BigUint::from_u64(1);
        for _ in 0..100 {
            doubled = doubled.add(&doubled);
        }
        assert_eq!(doubled, two.pow(100));
        let ten = BigUint::from_u64(10);
        for k in [0, 1, 8, 9, 10, 17, 18, 19, 500, 1000] {
            assert_eq!(ten.pow(k as u32).to_string(), ten_pow(k));
            let by_small = (0..k).fold(BigUint::from_u64(1), |acc, _| acc.mul_small(10));
            assert_eq!(by_small.to_string(), ten_pow(k));
        }
        assert_eq!(
            BigUint::from_u64(u64::MAX).mul_small(u32::MAX).to_string(),
            (u128::from(u64::MAX) * u128::from(u32::MAX)).to_string()
        );
    }

    #[test]
    fn add_sub_compare() {
        for k in [1usize, 9, 10, 18, 27, 1000] {
            let nines = big(&"9".repeat(k));
            let one = BigUint::from_u64(1);
            assert_eq!(nines.add(&one).to_string(), ten_pow(k));
            assert_eq!(big(&ten_pow(k)).sub(&one), nines);
            assert_eq!(nines.sub(&nines).to_string(), "0");
            assert!(nines < big(&ten_pow(k)));
            assert!(big(&ten_pow(k)) > nines);
        }
        assert_eq!(
            big("1000000000000000000").sub(&big("1")).to_string(),
            "999999999999999999"
        );
        assert!(big("5") > big("0"));
        assert_eq!(
            big("123456789123").cmp(&big("123456789123")),
            std::cmp::Ordering::Equal
        );
    }

    #[test]
    fn products_against_u128_and_nines_squared() {
        let samples = [
            0u64,
            1,
            999_999_999,
            1_000_000_000,
            123_456_789_012_345,
            u64::MAX,
        ];
        for &a in &samples {
            for &b in &samples {
                let want = (u128::from(a) * u128::from(b)).to_string();
                assert_eq!(
                    BigUint::from_u64(a).mul(&BigUint::from_u64(b)).to_string(),
                    want
                );
            }
        }
        // (10^k - 1)^2 = 9..9 8 0..0 1 with k - 1 nines and k - 1 zeros.
        for k in [1usize, 2, 9, 10, 100, 500] {
            let nines = big(&"9".repeat(k));
            let want = format!("{}8{}1", "9".repeat(k - 1), "0".repeat(k - 1));
            assert_eq!(nines.mul(&nines).to_string(), want);
        }
    }

    #[test]
    fn isqrt_of_squares_and_neighbours() {
        for n in 0u64..2000 {
            let sq = BigUint::from_u64(n * n);
            assert_eq!(sq.isqrt(), BigUint::from_u64(n));
            // n^2 + 2n = (n + 1)^2 - 1 is the largest number whose root is still n.
            assert_eq!(
                BigUint::from_u64(n * n + 2 * n).isqrt(),
                BigUint::from_u64(n)
            );
            if n > 0 {
                assert_eq!(
                    BigUint::from_u64(n * n - 1).isqrt(),
                    BigUint::from_u64(n - 1)
                );
            }
        }
        let mut roots = vec![
            big("4294967295"),
            big("999999999"),
            big("1000000000"),
            big("31622776601683793319988935444327185337195551393252168268"),
        ];
        for k in [1usize, 9, 10, 250, 499, 500] {
            roots.push(big(&"9".repeat(k)));
            roots.push(big(&ten_pow(k)));
        }
        let one = BigUint::from_u64(1);
        for n in roots {
            let sq = n.mul(&n);
            assert_eq!(sq.isqrt(), n);
            assert_eq!(sq.sub(&one).isqrt(), n.sub(&one));
            assert_eq!(sq.add(&n).add(&n).isqrt(), n);
            assert_eq!(sq.add(&n).add(&n).add(&one).isqrt(), n.add(&one));
        }
        assert_eq!(big(&ten_pow(1000)).isqrt().to_string(), ten_pow(500));
        assert_eq!(big("2").isqrt().to_string(), "1");
        assert_eq!(big("99").isqrt().to_string(), "9");
    }

    #[test]
    fn isqrt_brackets_pseudo_random_numbers() {
        // r = isqrt(n) must satisfy r^2 <= n < (r + 1)^2, for every length from 1 to 1001 digits.
        let mut state = 12_345u64;
        let one = BigUint::from_u64(1);
        for len in (1..=1001).step_by(7) {
            let text: String = (0..len)
                .map(|_| {
                    state = state
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    char::from(b'0' + (state >> 60) as u8 % 10)
                })
                .collect();
            let n = big(&text);
            let r = n.isqrt();
            let next = r.add(&one);
            assert!(r.mul(&r) <= n && n < next.mul(&next), "isqrt({text})");
        }
    }
}
// ---- END shared: bigint.rs ----

#[cfg(test)]
mod tests {
    use super::solve;

    #[test]
    fn samples() {
        assert_eq!(solve("2 3\n"), "1\n");
    }

    #[test]
    fn counts_squares_in_each_dimension() {
        // Squares up to n: 1 4 9 16 ...; the count only steps at perfect squares.
        assert_eq!(solve("1 1"), "1\n");
        assert_eq!(solve("3 3"), "1\n");
        assert_eq!(solve("4 8"), "4\n");
        assert_eq!(solve("15 24"), "12\n");
        assert_eq!(solve("16 25"), "20\n");
        assert_eq!(solve("1000 1000"), "961\n");
    }

    #[test]
    fn where_floating_point_rounds_up() {
        // (10^8 + 1)^2 - 1: its root is 10^8 - ε, which an f64 square root rounds up to 10^8 + 1.
        assert_eq!(
            solve("10000000200000000 10000000200000000"),
            "10000000000000000\n"
        );
        // 10^15 is a tier limit: ⌊√10^15⌋ = 31622776.
        assert_eq!(
            solve("1000000000000000 1000000000000000"),
            "999999961946176\n"
        );
    }

    #[test]
    fn at_the_limits() {
        let ten_1000 = format!("1{}", "0".repeat(1000));
        // ⌊√10^1000⌋ = 10^500 on both sides: the product is 10^1000 again.
        assert_eq!(
            solve(&format!("{ten_1000}\r\n{ten_1000}\r\n")),
            format!("{ten_1000}\n")
        );
        // (10^500 - 1)^2 and that minus one: roots 10^500 - 1 and 10^500 - 2.
        let square = format!("{}8{}1", "9".repeat(499), "0".repeat(499));
        let below = format!("{}8{}0", "9".repeat(499), "0".repeat(499));
        let want = format!("{}7{}2", "9".repeat(499), "0".repeat(499));
        assert_eq!(solve(&format!("{square} {below}")), format!("{want}\n"));
    }

    #[test]
    fn stops_cleanly_on_short_input() {
        assert_eq!(solve(""), "");
        assert_eq!(solve("5\n"), "");
    }
}
