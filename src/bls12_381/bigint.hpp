// Fixed-width unsigned integers as little-endian arrays of 64-bit limbs.
//
// These are the carry-propagating building blocks of the Montgomery fields. Every function is
// constexpr so that the field constants (R mod p, R^2 mod p, -p^-1 mod 2^64, exponents) are derived
// from the modulus at compile time instead of being pasted in. Variable time: only ever applied to
// public values or inside the constant-time field code, where no branch depends on them.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace cuzk::bls12_381 {

template <std::size_t N>
using Limbs = std::array<std::uint64_t, N>;

namespace bigint {

using u128 = unsigned __int128;

// a + b + carry; the new carry (0 or 1) replaces carry.
constexpr std::uint64_t add_carry(std::uint64_t a, std::uint64_t b, std::uint64_t& carry) {
  const u128 t = u128{a} + b + carry;
  carry = static_cast<std::uint64_t>(t >> 64);
  return static_cast<std::uint64_t>(t);
}

// a - b - borrow; the new borrow (0 or 1) replaces borrow.
constexpr std::uint64_t sub_borrow(std::uint64_t a, std::uint64_t b, std::uint64_t& borrow) {
  const u128 t = u128{a} - b - borrow;
  borrow = static_cast<std::uint64_t>(t >> 127);
  return static_cast<std::uint64_t>(t);
}

// acc + a * b + carry; the high word replaces carry. Cannot overflow 128 bits.
constexpr std::uint64_t mul_add(std::uint64_t acc, std::uint64_t a, std::uint64_t b,
                                std::uint64_t& carry) {
  const u128 t = u128{a} * b + acc + carry;
  carry = static_cast<std::uint64_t>(t >> 64);
  return static_cast<std::uint64_t>(t);
}

template <std::size_t N>
constexpr std::uint64_t add_in_place(Limbs<N>& a, const Limbs<N>& b) {
  std::uint64_t carry = 0;
  for (std::size_t i = 0; i < N; ++i) a[i] = add_carry(a[i], b[i], carry);
  return carry;
}

template <std::size_t N>
constexpr std::uint64_t sub_in_place(Limbs<N>& a, const Limbs<N>& b) {
  std::uint64_t borrow = 0;
  for (std::size_t i = 0; i < N; ++i) a[i] = sub_borrow(a[i], b[i], borrow);
  return borrow;
}

template <std::size_t N>
constexpr bool less_than(const Limbs<N>& a, const Limbs<N>& b) {
  for (std::size_t i = N; i-- > 0;) {
    if (a[i] != b[i]) return a[i] < b[i];
  }
  return false;
}

template <std::size_t N>
constexpr bool is_zero(const Limbs<N>& a) {
  std::uint64_t acc = 0;
  for (auto limb : a) acc |= limb;
  return acc == 0;
}

template <std::size_t N>
constexpr bool bit(const Limbs<N>& a, std::size_t i) {
  return i < 64 * N && ((a[i / 64] >> (i % 64)) & 1) != 0;
}

template <std::size_t N>
constexpr std::size_t bit_length(const Limbs<N>& a) {
  for (std::size_t i = 64 * N; i-- > 0;) {
    if (bit(a, i)) return i + 1;
  }
  return 0;
}

template <std::size_t N>
constexpr Limbs<N> shift_right(const Limbs<N>& a, std::size_t s) {
  Limbs<N> r{};
  const std::size_t words = s / 64;
  const std::size_t bits = s % 64;
  for (std::size_t i = 0; i + words < N; ++i) {
    r[i] = a[i + words] >> bits;
    if (bits != 0 && i + words + 1 < N) r[i] |= a[i + words + 1] << (64 - bits);
  }
  return r;
}

template <std::size_t N>
constexpr Limbs<N> from_u64(std::uint64_t v) {
  Limbs<N> r{};
  r[0] = v;
  return r;
}

// (a + b) mod m for a, b < m, where a + b may carry out of N limbs.
template <std::size_t N>
constexpr Limbs<N> add_mod(Limbs<N> a, const Limbs<N>& b, const Limbs<N>& m) {
  const std::uint64_t carry = add_in_place(a, b);
  if (carry != 0 || !less_than(a, m)) sub_in_place(a, m);
  return a;
}

}  // namespace bigint
}  // namespace cuzk::bls12_381
