// G1: the order-r subgroup of E(Fp): y^2 = x^3 + 4.
#pragma once

#include "bls12_381/curve.hpp"

namespace cuzk::bls12_381 {

struct G1Curve;
using G1Affine = AffinePoint<G1Curve>;
using G1Jacobian = JacobianPoint<G1Curve>;

struct G1Curve {
  using Field = Fp;
  static const Fp& b();         // 4
  static G1Affine generator();  // the standard generator (zkcrypto, blst, IETF)
};

// P is in the order-r subgroup (P on the curve is assumed). Scott's test, "A note on group
// membership tests for G1, G2 and GT on BLS pairing-friendly curves" (ePrint 2021/1130):
// phi(P) = -x^2 P with phi(x, y) = (beta x, y), beta the cube root of unity whose eigenvalue is
// -x^2. Costs two multiplications by |x| (126 doublings, 10 additions).
bool is_in_subgroup(const G1Affine& p);

}  // namespace cuzk::bls12_381
