// Fp2 = Fp[u] / (u^2 + 1), the field of G2's coordinates and the base of the Fp6/Fp12 tower.
#pragma once

#include <optional>

#include "bls12_381/fields.hpp"

namespace cuzk::bls12_381 {

class Fp2 {
 public:
  Fp c0;  // c0 + c1*u
  Fp c1;

  static constexpr Fp2 zero() { return Fp2{}; }
  static constexpr Fp2 one() { return Fp2{Fp::one(), Fp::zero()}; }
  template <class Rng>
  static Fp2 random(Rng& rng) {
    const Fp a = Fp::random(rng);
    return Fp2{a, Fp::random(rng)};
  }

  constexpr bool is_zero() const { return c0.is_zero() && c1.is_zero(); }
  constexpr bool is_one() const { return c0.is_one() && c1.is_zero(); }
  friend constexpr bool operator==(const Fp2&, const Fp2&) = default;

  constexpr Fp2& operator+=(const Fp2& b) {
    c0 += b.c0;
    c1 += b.c1;
    return *this;
  }
  constexpr Fp2& operator-=(const Fp2& b) {
    c0 -= b.c0;
    c1 -= b.c1;
    return *this;
  }
  // Karatsuba: 3 Fp multiplications.
  constexpr Fp2& operator*=(const Fp2& b) {
    const Fp t0 = c0 * b.c0;
    const Fp t1 = c1 * b.c1;
    c1 = (c0 + c1) * (b.c0 + b.c1) - t0 - t1;
    c0 = t0 - t1;
    return *this;
  }
  constexpr Fp2& operator*=(const Fp& b) {
    c0 *= b;
    c1 *= b;
    return *this;
  }
  constexpr Fp2 operator-() const { return Fp2{-c0, -c1}; }
  friend constexpr Fp2 operator+(Fp2 a, const Fp2& b) { return a += b; }
  friend constexpr Fp2 operator-(Fp2 a, const Fp2& b) { return a -= b; }
  friend constexpr Fp2 operator*(Fp2 a, const Fp2& b) { return a *= b; }
  friend constexpr Fp2 operator*(Fp2 a, const Fp& b) { return a *= b; }

  // (c0 + c1 u)^2 = (c0 + c1)(c0 - c1) + 2 c0 c1 u: 2 Fp multiplications.
  constexpr Fp2 square() const { return Fp2{(c0 + c1) * (c0 - c1), (c0 * c1).doubled()}; }
  constexpr Fp2 doubled() const { return Fp2{c0.doubled(), c1.doubled()}; }
  // The p-power Frobenius of Fp2 is conjugation (u^p = -u since p = 3 mod 4).
  constexpr Fp2 conjugate() const { return Fp2{c0, -c1}; }
  // Times the sextic non-residue xi = u + 1 that defines Fp6: (c0 - c1) + (c0 + c1) u.
  constexpr Fp2 mul_by_nonresidue() const { return Fp2{c0 - c1, c0 + c1}; }
  // c0^2 + c1^2, the norm to Fp.
  constexpr Fp norm() const { return c0.square() + c1.square(); }

  // Variable time in the exponent (public exponents only).
  template <std::size_t M>
  constexpr Fp2 pow(const Limbs<M>& e) const {
    Fp2 acc = one();
    for (std::size_t i = bigint::bit_length(e); i-- > 0;) {
      acc = acc.square();
      if (bigint::bit(e, i)) acc *= *this;
    }
    return acc;
  }

  // Zero maps to zero.
  Fp2 inverse() const;
  // 1 for a non-zero square, -1 for a non-square, 0 for zero (a is a square iff its norm is).
  int legendre() const { return norm().legendre(); }
  // A square root if one exists (either root).
  std::optional<Fp2> sqrt() const;
  // The sign used by the compressed encodings (zkcrypto, blst): c1 > (p-1)/2, or c1 = 0 and
  // c0 > (p-1)/2.
  bool is_lexicographically_largest() const {
    return c1.is_zero() ? c0.is_lexicographically_largest() : c1.is_lexicographically_largest();
  }

  constexpr void conditional_assign(const Fp2& b, bool take) {
    c0.conditional_assign(b.c0, take);
    c1.conditional_assign(b.c1, take);
  }
};

}  // namespace cuzk::bls12_381
