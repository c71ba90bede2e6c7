#include "bls12_381/fp6.hpp"

#include "bls12_381/frobenius_constants.hpp"

namespace cuzk::bls12_381 {

Fp6 Fp6::mul(const Fp6& b) const {
  const Fp2 t0 = c0 * b.c0;
  const Fp2 t1 = c1 * b.c1;
  const Fp2 t2 = c2 * b.c2;
  // v^3 = xi folds the v^3 and v^4 terms back down.
  return Fp6{((c1 + c2) * (b.c1 + b.c2) - t1 - t2).mul_by_nonresidue() + t0,
             (c0 + c1) * (b.c0 + b.c1) - t0 - t1 + t2.mul_by_nonresidue(),
             (c0 + c2) * (b.c0 + b.c2) - t0 - t2 + t1};
}

Fp6 Fp6::square() const {
  const Fp2 s0 = c0.square();
  const Fp2 s1 = (c0 * c1).doubled();
  const Fp2 s2 = (c0 - c1 + c2).square();
  const Fp2 s3 = (c1 * c2).doubled();
  const Fp2 s4 = c2.square();
  return Fp6{s3.mul_by_nonresidue() + s0, s4.mul_by_nonresidue() + s1, s1 + s2 + s3 - s0 - s4};
}

Fp6 Fp6::mul_by_01(const Fp2& b0, const Fp2& b1) const {
  const Fp2 t0 = c0 * b0;
  const Fp2 t1 = c1 * b1;
  return Fp6{((c1 + c2) * b1 - t1).mul_by_nonresidue() + t0,  // xi c2 b1 + c0 b0
             (c0 + c1) * (b0 + b1) - t0 - t1,                 // c0 b1 + c1 b0
             (c0 + c2) * b0 - t0 + t1};                       // c2 b0 + c1 b1
}

Fp6 Fp6::mul_by_1(const Fp2& b1) const {
  return Fp6{(c2 * b1).mul_by_nonresidue(), c0 * b1, c1 * b1};
}

// With A = c0^2 - xi c1 c2, B = xi c2^2 - c0 c1, C = c1^2 - c0 c2, the product
// (c0 + c1 v + c2 v^2)(A + B v + C v^2) is the Fp2 element c0 A + xi (c2 B + c1 C).
Fp6 Fp6::inverse() const {
  const Fp2 a = c0.square() - (c1 * c2).mul_by_nonresidue();
  const Fp2 b = c2.square().mul_by_nonresidue() - c0 * c1;
  const Fp2 c = c1.square() - c0 * c2;
  const Fp2 t = (c0 * a + (c2 * b + c1 * c).mul_by_nonresidue()).inverse();
  return Fp6{a * t, b * t, c * t};
}

Fp6 Fp6::frobenius() const {
  const auto& g = frobenius_constants().gamma;
  return Fp6{c0.conjugate(), c1.conjugate() * g[2], c2.conjugate() * g[4]};
}

}  // namespace cuzk::bls12_381
