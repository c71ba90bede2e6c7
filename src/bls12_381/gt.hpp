// Gt: the order-r subgroup of Fp12's units where pairings land. A thin wrapper so that only
// pairing outputs (and products and powers of them) are Gt values.
#pragma once

#include "bls12_381/fp12.hpp"

namespace cuzk::bls12_381 {

class Gt {
 public:
  static Gt identity() { return Gt(Fp12::one()); }
  // For code that has computed a final exponentiation itself; no membership check.
  static Gt from_fp12_unchecked(const Fp12& value) { return Gt(value); }

  const Fp12& value() const { return value_; }
  bool is_identity() const { return value_.is_one(); }
  friend bool operator==(const Gt&, const Gt&) = default;

  friend Gt operator*(const Gt& a, const Gt& b) { return Gt(a.value_ * b.value_); }
  Gt& operator*=(const Gt& b) { return *this = *this * b; }
  // The inverse is the conjugate on the cyclotomic subgroup.
  Gt inverse() const { return Gt(value_.conjugate()); }
  // Variable time in the exponent. Uses cyclotomic squarings.
  template <std::size_t M>
  Gt pow(const Limbs<M>& e) const {
    Fp12 acc = Fp12::one();
    for (std::size_t i = bigint::bit_length(e); i-- > 0;) {
      acc = acc.cyclotomic_square();
      if (bigint::bit(e, i)) acc *= value_;
    }
    return Gt(acc);
  }
  Gt pow(const Fr& e) const { return pow(e.to_canonical()); }

 private:
  explicit Gt(const Fp12& value) : value_(value) {}
  Fp12 value_;
};

}  // namespace cuzk::bls12_381
