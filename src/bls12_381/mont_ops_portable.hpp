// Portable Montgomery arithmetic on little-endian limbs: the reference that every fast path is
// tested against, the path taken during constant evaluation, and the fallback on CPUs without
// BMI2/ADX.
//
// Multiplication is CIOS (Koc, Acar, Kaliski 1996, "Analyzing and comparing Montgomery
// multiplication algorithms") without the extra carry word, which is valid when the modulus leaves
// the top bit of its top limb clear: every intermediate then fits N limbs. The loops have fixed
// trip counts and are fully unrolled so that the running sum stays in registers; without the
// unrolling GCC keeps it on the stack and the multiplication is four times slower.
//
// Everything here is constant time: no branch or memory index depends on limb values.
#pragma once

#include <cstddef>
#include <cstdint>

#include "bls12_381/bigint.hpp"

namespace cuzk::bls12_381::mont_portable {

using bigint::u128;

constexpr std::uint64_t lo(u128 x) { return static_cast<std::uint64_t>(x); }
constexpr std::uint64_t hi(u128 x) { return static_cast<std::uint64_t>(x >> 64); }

// t mod p for t < 2p, through a mask rather than a branch.
template <std::size_t N>
constexpr Limbs<N> subtract_if_not_below(const Limbs<N>& t, const Limbs<N>& p) {
  Limbs<N> u{};
  std::uint64_t borrow = 0;
#pragma GCC unroll 8
  for (std::size_t i = 0; i < N; ++i) {
    const u128 d = u128{t[i]} - p[i] - borrow;
    u[i] = lo(d);
    borrow = hi(d) & 1;
  }
  const std::uint64_t keep_t = 0 - borrow;  // t < p: the subtraction borrowed
  Limbs<N> r{};
#pragma GCC unroll 8
  for (std::size_t i = 0; i < N; ++i) r[i] = (t[i] & keep_t) | (u[i] & ~keep_t);
  return r;
}

// a * b / 2^(64N) mod p for a, b < p.
template <std::size_t N>
constexpr Limbs<N> mul(const Limbs<N>& a, const Limbs<N>& b, const Limbs<N>& p,
                       std::uint64_t p_inv) {
  Limbs<N> t{};
#pragma GCC unroll 8
  for (std::size_t i = 0; i < N; ++i) {
    u128 acc = u128{a[0]} * b[i] + t[0];
    std::uint64_t carry_a = hi(acc);
    const std::uint64_t m = lo(acc) * p_inv;
    std::uint64_t carry_m = hi(u128{m} * p[0] + lo(acc));
#pragma GCC unroll 8
    for (std::size_t j = 1; j < N; ++j) {
      acc = u128{a[j]} * b[i] + t[j] + carry_a;
      carry_a = hi(acc);
      const u128 red = u128{m} * p[j] + lo(acc) + carry_m;
      t[j - 1] = lo(red);
      carry_m = hi(red);
    }
    t[N - 1] = carry_a + carry_m;
  }
  return subtract_if_not_below(t, p);
}

// (a + b) mod p for a, b < p < 2^(64N-1): the sum cannot carry out of N limbs.
template <std::size_t N>
constexpr Limbs<N> add(const Limbs<N>& a, const Limbs<N>& b, const Limbs<N>& p) {
  Limbs<N> t{};
  std::uint64_t carry = 0;
#pragma GCC unroll 8
  for (std::size_t i = 0; i < N; ++i) {
    const u128 s = u128{a[i]} + b[i] + carry;
    t[i] = lo(s);
    carry = hi(s);
  }
  return subtract_if_not_below(t, p);
}

// (a - b) mod p for a, b < p: p is added back, under a mask, when the subtraction borrows.
template <std::size_t N>
constexpr Limbs<N> sub(const Limbs<N>& a, const Limbs<N>& b, const Limbs<N>& p) {
  Limbs<N> t{};
  std::uint64_t borrow = 0;
#pragma GCC unroll 8
  for (std::size_t i = 0; i < N; ++i) {
    const u128 d = u128{a[i]} - b[i] - borrow;
    t[i] = lo(d);
    borrow = hi(d) & 1;
  }
  const std::uint64_t mask = 0 - borrow;
  std::uint64_t carry = 0;
#pragma GCC unroll 8
  for (std::size_t i = 0; i < N; ++i) {
    const u128 s = u128{t[i]} + (p[i] & mask) + carry;
    t[i] = lo(s);
    carry = hi(s);
  }
  return t;
}

// Lazy reduction: the exact 2N-limb product, and Montgomery reduction of such a value on its own.

// a * b as a 2N-limb integer, for any N-limb a and b (schoolbook).
template <std::size_t N>
constexpr Limbs<2 * N> mul_wide(const Limbs<N>& a, const Limbs<N>& b) {
  Limbs<2 * N> t{};
#pragma GCC unroll 8
  for (std::size_t i = 0; i < N; ++i) {
    std::uint64_t carry = 0;
#pragma GCC unroll 8
    for (std::size_t j = 0; j < N; ++j) t[i + j] = bigint::mul_add(t[i + j], a[i], b[j], carry);
    t[i + N] = carry;
  }
  return t;
}

// t / 2^(64N) mod p for t < p 2^(64N). The low half is reduced alone (N rows, each clearing the
// lowest limb; the result (t_lo + m p) / 2^(64N) is at most p), then the high half (below p) is
// added, and the sum, below 2p, gets one conditional subtraction.
template <std::size_t N>
constexpr Limbs<N> reduce_wide(const Limbs<2 * N>& t, const Limbs<N>& p, std::uint64_t p_inv) {
  Limbs<N> w{};
  for (std::size_t i = 0; i < N; ++i) w[i] = t[i];
#pragma GCC unroll 8
  for (std::size_t i = 0; i < N; ++i) {
    const std::uint64_t m = w[0] * p_inv;
    std::uint64_t carry = hi(u128{m} * p[0] + w[0]);
#pragma GCC unroll 8
    for (std::size_t j = 1; j < N; ++j) {
      const u128 s = u128{m} * p[j] + w[j] + carry;
      w[j - 1] = lo(s);
      carry = hi(s);
    }
    w[N - 1] = carry;
  }
  std::uint64_t carry = 0;
#pragma GCC unroll 8
  for (std::size_t i = 0; i < N; ++i) w[i] = bigint::add_carry(w[i], t[N + i], carry);
  return subtract_if_not_below(w, p);
}

// t - u mod p 2^(64N) for t, u < p 2^(64N): p is added to the high half, under a mask, when the
// subtraction borrows.
template <std::size_t N>
constexpr Limbs<2 * N> sub_wide(const Limbs<2 * N>& t, const Limbs<2 * N>& u, const Limbs<N>& p) {
  Limbs<2 * N> r = t;
  const std::uint64_t mask = 0 - bigint::sub_in_place(r, u);
  std::uint64_t carry = 0;
#pragma GCC unroll 8
  for (std::size_t i = 0; i < N; ++i) r[N + i] = bigint::add_carry(r[N + i], p[i] & mask, carry);
  return r;
}

// a + b without reduction, for a, b < 2^(64N-1).
template <std::size_t N>
constexpr Limbs<N> add_unreduced(const Limbs<N>& a, const Limbs<N>& b) {
  Limbs<N> r = a;
  bigint::add_in_place(r, b);
  return r;
}

}  // namespace cuzk::bls12_381::mont_portable
