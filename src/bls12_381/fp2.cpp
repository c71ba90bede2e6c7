#include "bls12_381/fp2.hpp"

namespace cuzk::bls12_381 {
namespace {

constexpr Limbs<6> p_minus_3_quarter() {
  Limbs<6> e = kFpParams.p_plus_1_quarter;
  bigint::sub_in_place(e, bigint::from_u64<6>(1));
  return e;
}

}  // namespace

// 1/(c0 + c1 u) = (c0 - c1 u) / (c0^2 + c1^2): one Fp inversion.
Fp2 Fp2::inverse() const {
  const Fp t = norm().inverse();
  return Fp2{c0 * t, -(c1 * t)};
}

// Square root for p = 3 mod 4: Algorithm 9 of Adj and Rodriguez-Henriquez, "Square root
// computation over even extension fields" (2012). Variable time (two exponentiations).
std::optional<Fp2> Fp2::sqrt() const {
  if (is_zero()) return zero();
  const Fp2 a1 = pow(p_minus_3_quarter());  // a^((p-3)/4)
  const Fp2 alpha = a1.square() * *this;    // a^((p-1)/2), the norm's Legendre symbol lifted
  const Fp2 x0 = a1 * *this;                // a^((p+1)/4)
  Fp2 root;
  if (alpha == -one()) {
    root = Fp2{-x0.c1, x0.c0};  // u * x0
  } else {
    root = (alpha + one()).pow(kFpParams.p_minus_1_half) * x0;
  }
  if (root.square() != *this) return std::nullopt;
  return root;
}

}  // namespace cuzk::bls12_381
