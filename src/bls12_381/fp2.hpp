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
  // Karatsuba with lazy reduction: three exact double-width products and two Montgomery
  // reductions (c0 = a0 b0 - a1 b1, c1 = (a0 + a1)(b0 + b1) - a0 b0 - a1 b1), against three full
  // multiplications (three reductions) and six modular additions.
  constexpr Fp2& operator*=(const Fp2& b) { return *this = *this * b; }
  friend constexpr Fp2 operator*(const Fp2& a, const Fp2& b) {
    const Fp::Wide t0 = Fp::mul_wide(a.c0.montgomery_limbs(), b.c0.montgomery_limbs());
    const Fp::Wide t1 = Fp::mul_wide(a.c1.montgomery_limbs(), b.c1.montgomery_limbs());
    // Below 4p^2 < p R, and a0 b1 + a1 b0 = t2 - t0 - t1 >= 0: the subtractions are exact.
    const Fp::Wide t2 = Fp::mul_wide(Fp::add_unreduced(a.c0, a.c1), Fp::add_unreduced(b.c0, b.c1));
    return Fp2{Fp::reduce_wide(Fp::sub_wide(t0, t1)),
               Fp::reduce_wide(Fp::sub_wide(Fp::sub_wide(t2, t0), t1))};
  }
  constexpr Fp2& operator*=(const Fp& b) {
    c0 *= b;
    c1 *= b;
    return *this;
  }
  constexpr Fp2 operator-() const { return Fp2{-c0, -c1}; }
  // Built in place from the coefficients (no copy of a copy: see MontField's operators).
  friend constexpr Fp2 operator+(const Fp2& a, const Fp2& b) {
    return Fp2{a.c0 + b.c0, a.c1 + b.c1};
  }
  friend constexpr Fp2 operator-(const Fp2& a, const Fp2& b) {
    return Fp2{a.c0 - b.c0, a.c1 - b.c1};
  }
  friend constexpr Fp2 operator*(const Fp2& a, const Fp& b) { return Fp2{a.c0 * b, a.c1 * b}; }

  // (c0 + c1 u)^2 = (c0 + c1)(c0 - c1) + 2 c0 c1 u: 2 Fp multiplications, whose left operands
  // (c0 + c1 and 2 c0) are left unreduced.
  constexpr Fp2 square() const {
    return Fp2{Fp::mul_lazy(Fp::add_unreduced(c0, c1), c0 - c1),
               Fp::mul_lazy(Fp::add_unreduced(c0, c0), c1)};
  }
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
