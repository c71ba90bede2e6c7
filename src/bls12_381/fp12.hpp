// Fp12 = Fp6[w] / (w^2 - v): the pairing's target field (Gt is a subgroup of its units).
#pragma once

#include "bls12_381/fp6.hpp"

namespace cuzk::bls12_381 {

class Fp12 {
 public:
  Fp6 c0;  // c0 + c1*w
  Fp6 c1;

  static constexpr Fp12 zero() { return Fp12{}; }
  static constexpr Fp12 one() { return Fp12{Fp6::one(), Fp6::zero()}; }
  template <class Rng>
  static Fp12 random(Rng& rng) {
    const Fp6 a = Fp6::random(rng);
    return Fp12{a, Fp6::random(rng)};
  }

  constexpr bool is_zero() const { return c0.is_zero() && c1.is_zero(); }
  bool is_one() const { return *this == one(); }
  friend constexpr bool operator==(const Fp12&, const Fp12&) = default;

  constexpr Fp12& operator+=(const Fp12& b) {
    c0 += b.c0;
    c1 += b.c1;
    return *this;
  }
  constexpr Fp12& operator-=(const Fp12& b) {
    c0 -= b.c0;
    c1 -= b.c1;
    return *this;
  }
  constexpr Fp12 operator-() const { return Fp12{-c0, -c1}; }
  friend constexpr Fp12 operator+(const Fp12& a, const Fp12& b) {
    return Fp12{a.c0 + b.c0, a.c1 + b.c1};
  }
  friend constexpr Fp12 operator-(const Fp12& a, const Fp12& b) {
    return Fp12{a.c0 - b.c0, a.c1 - b.c1};
  }
  friend Fp12 operator*(const Fp12& a, const Fp12& b) { return a.mul(b); }
  Fp12& operator*=(const Fp12& b) { return *this = mul(b); }

  // Karatsuba: 3 Fp6 multiplications.
  Fp12 mul(const Fp12& b) const;
  // Complex squaring: 2 Fp6 multiplications.
  Fp12 square() const;
  // Times the sparse element o0 + o1 v + o4 v w (a Miller-loop line of the M-type twist, named
  // for its non-zero slots 0, 1, 4 in the order c0.c0, c0.c1, c0.c2, c1.c0, c1.c1, c1.c2):
  // 13 Fp2 multiplications instead of 18.
  Fp12 mul_by_014(const Fp2& o0, const Fp2& o1, const Fp2& o4) const;
  // Zero maps to zero. One Fp inversion.
  Fp12 inverse() const;
  // c0 - c1 w: the p^6-power Frobenius, and the inverse on the cyclotomic subgroup (norm 1).
  constexpr Fp12 conjugate() const { return Fp12{c0, -c1}; }
  // The p^power Frobenius (power 1, 2 or 3 in the final exponentiation; any power works).
  Fp12 frobenius(unsigned power = 1) const;
  // Granger-Scott squaring, valid only on the cyclotomic subgroup (elements raised to
  // (p^6-1)(p^2+1)): 9 Fp2 squarings instead of 12 Fp2 multiplications.
  Fp12 cyclotomic_square() const;

  // Variable time in the exponent (public exponents only).
  template <std::size_t M>
  Fp12 pow(const Limbs<M>& e) const {
    Fp12 acc = one();
    for (std::size_t i = bigint::bit_length(e); i-- > 0;) {
      acc = acc.square();
      if (bigint::bit(e, i)) acc *= *this;
    }
    return acc;
  }
};

}  // namespace cuzk::bls12_381
