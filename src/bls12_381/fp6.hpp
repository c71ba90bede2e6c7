// Fp6 = Fp2[v] / (v^3 - xi), xi = u + 1: the middle of the tower Fp12 = Fp6[w] / (w^2 - v).
#pragma once

#include "bls12_381/fp2.hpp"

namespace cuzk::bls12_381 {

class Fp6 {
 public:
  Fp2 c0;  // c0 + c1*v + c2*v^2
  Fp2 c1;
  Fp2 c2;

  static constexpr Fp6 zero() { return Fp6{}; }
  static constexpr Fp6 one() { return Fp6{Fp2::one(), Fp2::zero(), Fp2::zero()}; }
  template <class Rng>
  static Fp6 random(Rng& rng) {
    const Fp2 a = Fp2::random(rng);
    const Fp2 b = Fp2::random(rng);
    return Fp6{a, b, Fp2::random(rng)};
  }

  constexpr bool is_zero() const { return c0.is_zero() && c1.is_zero() && c2.is_zero(); }
  friend constexpr bool operator==(const Fp6&, const Fp6&) = default;

  constexpr Fp6& operator+=(const Fp6& b) {
    c0 += b.c0;
    c1 += b.c1;
    c2 += b.c2;
    return *this;
  }
  constexpr Fp6& operator-=(const Fp6& b) {
    c0 -= b.c0;
    c1 -= b.c1;
    c2 -= b.c2;
    return *this;
  }
  constexpr Fp6 operator-() const { return Fp6{-c0, -c1, -c2}; }
  friend constexpr Fp6 operator+(const Fp6& a, const Fp6& b) {
    return Fp6{a.c0 + b.c0, a.c1 + b.c1, a.c2 + b.c2};
  }
  friend constexpr Fp6 operator-(const Fp6& a, const Fp6& b) {
    return Fp6{a.c0 - b.c0, a.c1 - b.c1, a.c2 - b.c2};
  }
  friend Fp6 operator*(const Fp6& a, const Fp6& b) { return a.mul(b); }
  Fp6& operator*=(const Fp6& b) { return *this = mul(b); }
  // Scaling by an Fp2 element: 3 Fp2 multiplications.
  constexpr Fp6 scaled(const Fp2& s) const { return Fp6{c0 * s, c1 * s, c2 * s}; }

  // Karatsuba over three coefficients: 6 Fp2 multiplications.
  Fp6 mul(const Fp6& b) const;
  // Chung-Hasan SQR2: 2 Fp2 multiplications and 3 squarings.
  Fp6 square() const;
  // Times (b0 + b1 v), the shape of half a Miller-loop line: 5 Fp2 multiplications.
  Fp6 mul_by_01(const Fp2& b0, const Fp2& b1) const;
  // Times b1 v: 3 Fp2 multiplications.
  Fp6 mul_by_1(const Fp2& b1) const;
  // Times v (the Fp12 non-residue): (c0, c1, c2) v = (xi c2, c0, c1).
  constexpr Fp6 mul_by_nonresidue() const { return Fp6{c2.mul_by_nonresidue(), c0, c1}; }
  // Zero maps to zero. One Fp inversion.
  Fp6 inverse() const;
  // The p-power Frobenius: conjugate each coefficient, then v^p = gamma^2 v.
  Fp6 frobenius() const;
};

}  // namespace cuzk::bls12_381
