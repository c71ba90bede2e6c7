// Modular inversion by the optimized binary GCD of T. Pornin, "Optimized Binary GCD for Modular
// Inversion" (IACR ePrint 2020/972), variable-time variant.
//
// The binary extended GCD keeps a*K = u*y and b*K = v*y (mod m), starting from (a, b) = (y, m);
// each step halves a, after subtracting b from it (swapping first if a < b) when a is odd. When a
// reaches 0, b = gcd = 1 and v*y = K. Pornin's observation is that 31 consecutive steps depend only
// on the low 31 bits and the top 33 bits of a and b: they run on one 64-bit approximation of each,
// recording the 2x2 matrix of signed factors, which is then applied to the full-size a, b (one
// multiply-add pass) and to u, v. The u, v update folds in one Montgomery halving by 2^64, so K
// gains 2^-33 per outer round; the product of those factors is undone at the end with one
// Montgomery multiplication by a precomputed constant for the number of rounds used.
//
// Variable time: the number of rounds depends on the input. Use for public values only (batch
// normalization of points, verification); secrets use MontField::pow(p - 2).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "bls12_381/bigint.hpp"
#include "bls12_381/mont_ops_portable.hpp"

namespace cuzk::bls12_381::binary_gcd {

using i128 = __int128;
using bigint::u128;

inline constexpr int kStepsPerRound = 31;

// Enough rounds for any input: each step removes at least one bit from len(a) + len(b), which
// starts at most 2*bits, and the approximations cost no steps (Pornin, section 3); two spare.
constexpr std::size_t max_rounds(std::size_t bits) { return (2 * bits) / kStepsPerRound + 2; }

// correction[c] = 2^(33c) * R^3 mod m: the Montgomery product of v with it turns v = y^-1 K, with
// K = 2^(-33c) and y = x/R, into the Montgomery form y^-1 R of the inverse.
template <std::size_t N, std::size_t Rounds>
constexpr std::array<Limbs<N>, Rounds + 1> make_corrections(const Limbs<N>& m, std::uint64_t m_inv,
                                                            const Limbs<N>& r2) {
  std::array<Limbs<N>, Rounds + 1> table{};
  Limbs<N> x = mont_portable::mul(r2, r2, m, m_inv);  // R^4 / R
  for (std::size_t c = 0; c <= Rounds; ++c) {
    table[c] = x;
    for (int i = 0; i < 64 - kStepsPerRound; ++i) x = bigint::add_mod(x, x, m);
  }
  return table;
}

// 64-bit approximation of x: bits [n-33, n) above the low 31 bits, where n >= 64 bits hold both
// a and b; exact when n = 64.
template <std::size_t N>
constexpr std::uint64_t approximate(const Limbs<N>& x, std::size_t n) {
  if (n <= 64) return x[0];
  const std::size_t s = n - 33;
  const std::size_t w = s / 64, o = s % 64;
  std::uint64_t top = x[w] >> o;
  if (o != 0 && w + 1 < N) top |= x[w + 1] << (64 - o);
  top &= (std::uint64_t{1} << 33) - 1;
  return (top << kStepsPerRound) | (x[0] & ((std::uint64_t{1} << kStepsPerRound) - 1));
}

// (f*a + g*b) / 2^31, exact by construction; made non-negative, returning whether it was negated.
template <std::size_t N>
constexpr bool combine_shift(Limbs<N>& out, const Limbs<N>& a, std::int64_t f, const Limbs<N>& b,
                             std::int64_t g) {
  Limbs<N + 1> t{};
  i128 carry = 0;
  for (std::size_t i = 0; i < N; ++i) {
    const i128 acc = carry + static_cast<i128>(a[i]) * f + static_cast<i128>(b[i]) * g;
    t[i] = static_cast<std::uint64_t>(acc);
    carry = acc >> 64;
  }
  t[N] = static_cast<std::uint64_t>(carry);
  const bool negative = static_cast<std::int64_t>(t[N]) < 0;
  if (negative) {
    std::uint64_t c = 1;
    for (auto& limb : t) {
      const u128 s = u128{~limb} + c;
      limb = static_cast<std::uint64_t>(s);
      c = static_cast<std::uint64_t>(s >> 64);
    }
  }
  for (std::size_t i = 0; i < N; ++i) out[i] = (t[i] >> kStepsPerRound) | (t[i + 1] << 33);
  return negative;
}

// (f*u + g*v) / 2^64 mod m for u, v < m (signed f, g with |f|, |g| <= 2^31).
template <std::size_t N>
constexpr Limbs<N> combine_mod(const Limbs<N>& u, std::int64_t f, const Limbs<N>& v, std::int64_t g,
                               const Limbs<N>& m, std::uint64_t m_inv) {
  // A negative factor multiplies m - u instead: every term is then non-negative.
  Limbs<N> uu = u, vv = v;
  if (f < 0) {
    uu = m;
    bigint::sub_in_place(uu, u);
    f = -f;
  }
  if (g < 0) {
    vv = m;
    bigint::sub_in_place(vv, v);
    g = -g;
  }
  const auto uf = static_cast<std::uint64_t>(f), vg = static_cast<std::uint64_t>(g);
  Limbs<N + 1> t{};  // < 2^32 m
  u128 carry = 0;
  for (std::size_t i = 0; i < N; ++i) {
    const u128 acc = carry + u128{uu[i]} * uf + u128{vv[i]} * vg;
    t[i] = static_cast<std::uint64_t>(acc);
    carry = acc >> 64;
  }
  t[N] = static_cast<std::uint64_t>(carry);
  // One Montgomery step: add q*m to clear the low limb, drop it; the result is below 2m.
  const std::uint64_t q = t[0] * m_inv;
  u128 c = 0;
  for (std::size_t i = 0; i < N; ++i) {
    const u128 acc = u128{q} * m[i] + t[i] + c;
    t[i] = static_cast<std::uint64_t>(acc);
    c = acc >> 64;
  }
  Limbs<N> r{};
  for (std::size_t i = 0; i + 1 < N; ++i) r[i] = t[i + 1];
  r[N - 1] = t[N] + static_cast<std::uint64_t>(c);  // no overflow: 2m < 2^(64N)
  if (!bigint::less_than(r, m)) bigint::sub_in_place(r, m);
  return r;
}

// For x < m, m an odd prime below 2^(64N-1): v and the number of rounds c with
// v = x^-1 * 2^(-33c) mod m (0 for x = 0), or nullopt if more than max_rounds were needed.
template <std::size_t N>
constexpr std::optional<std::pair<Limbs<N>, std::size_t>> scaled_inverse(const Limbs<N>& x,
                                                                         const Limbs<N>& m,
                                                                         std::uint64_t m_inv,
                                                                         std::size_t rounds_limit) {
  Limbs<N> a = x, b = m, u{}, v{};
  u[0] = 1;
  std::size_t rounds = 0;
  while (!bigint::is_zero(a)) {
    if (rounds == rounds_limit) return std::nullopt;
    ++rounds;
    const std::size_t n =
        std::max<std::size_t>({bigint::bit_length(a), bigint::bit_length(b), std::size_t{64}});
    std::uint64_t a_ = approximate(a, n), b_ = approximate(b, n);
    std::int64_t f0 = 1, g0 = 0, f1 = 0, g1 = 1;
    for (int j = 0; j < kStepsPerRound; ++j) {
      // Branch-free: the branches would be unpredictable.
      const std::uint64_t odd = 0 - (a_ & 1);
      const std::uint64_t swap = odd & (0 - static_cast<std::uint64_t>(a_ < b_));
      const std::uint64_t d = (a_ ^ b_) & swap;
      a_ ^= d;
      b_ ^= d;
      const std::int64_t sw = static_cast<std::int64_t>(swap);
      const std::int64_t df = (f0 ^ f1) & sw, dg = (g0 ^ g1) & sw;
      f0 ^= df;
      f1 ^= df;
      g0 ^= dg;
      g1 ^= dg;
      const std::int64_t o = static_cast<std::int64_t>(odd);
      a_ = (a_ - (b_ & odd)) >> 1;
      f0 -= f1 & o;
      g0 -= g1 & o;
      f1 *= 2;
      g1 *= 2;
    }
    Limbs<N> a2{}, b2{};
    if (combine_shift(a2, a, f0, b, g0)) {
      f0 = -f0;
      g0 = -g0;
    }
    if (combine_shift(b2, a, f1, b, g1)) {
      f1 = -f1;
      g1 = -g1;
    }
    a = a2;
    b = b2;
    const Limbs<N> u2 = combine_mod(u, f0, v, g0, m, m_inv);
    v = combine_mod(u, f1, v, g1, m, m_inv);
    u = u2;
  }
  return std::pair{v, rounds};
}

}  // namespace cuzk::bls12_381::binary_gcd
