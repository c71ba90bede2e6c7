// G2: the order-r subgroup of the sextic twist E'(Fp2): y^2 = x^3 + 4(u + 1) (an M-type twist:
// the untwisting map to E(Fp12) is (x, y) -> (x / w^2, y / w^3)).
#pragma once

#include "bls12_381/curve.hpp"
#include "bls12_381/fp2.hpp"

namespace cuzk::bls12_381 {

struct G2Curve;
using G2Affine = AffinePoint<G2Curve>;
using G2Jacobian = JacobianPoint<G2Curve>;

struct G2Curve {
  using Field = Fp2;
  static const Fp2& b();        // 4(u + 1)
  static G2Affine generator();  // the standard generator (zkcrypto, blst, IETF)
};

// The untwist-Frobenius-twist endomorphism psi(x, y) = (conj(x) psi_x, conj(y) psi_y).
G2Affine psi(const G2Affine& p);

// P is in the order-r subgroup (P on the curve is assumed). Scott's test (ePrint 2021/1130):
// psi(P) = x P. One multiplication by |x| (63 doublings, 5 additions).
bool is_in_subgroup(const G2Affine& p);

}  // namespace cuzk::bls12_381
