#include "bls12_381/g1.hpp"

#include "bls12_381/curve_parameter.hpp"

namespace cuzk::bls12_381 {
namespace {

G1Affine make_generator() {
  const Fp x = *Fp::from_canonical({0xfb3af00adb22c6bb, 0x6c55e83ff97a1aef, 0xa14e3a3f171bac58,
                                    0xc3688c4f9774b905, 0x2695638c4fa9ac0f, 0x17f1d3a73197d794});
  const Fp y = *Fp::from_canonical({0x0caa232946c5e7e1, 0xd03cc744a2888ae4, 0x00db18cb2c04b3ed,
                                    0xfcf5e095d5d00af6, 0xa09e30ed741d8ae4, 0x08b3f481e3aaa0f1});
  return G1Affine::from_xy(x, y);
}

G1Jacobian mul_by_x_squared_negated(const G1Affine& p) {
  const Limbs<1> x_abs{kXAbs};
  return -G1Jacobian::from_affine(p).mul(x_abs).mul(x_abs);  // (-x)^2 = x^2
}

// The cube root of unity beta for which (x, y) -> (beta x, y) acts on G1 as multiplication by
// -x^2 (the other root acts as x^2 - 1): a root of t^2 + t + 1, i.e. (-1 +- sqrt(-3)) / 2.
Fp make_beta() {
  const Fp two_inv = Fp::from_u64(2).inverse();
  const Fp root = *(-Fp::from_u64(3)).sqrt();
  const Fp beta = (root - Fp::one()) * two_inv;
  const G1Affine g = G1Curve::generator();
  if (G1Affine::from_xy(beta * g.x, g.y) == mul_by_x_squared_negated(g).to_affine()) return beta;
  return -Fp::one() - beta;
}

}  // namespace

const Fp& G1Curve::b() {
  static const Fp kB = Fp::from_u64(4);
  return kB;
}

G1Affine G1Curve::generator() {
  static const G1Affine kGenerator = make_generator();
  return kGenerator;
}

bool is_in_subgroup(const G1Affine& p) {
  if (p.infinity) return true;
  static const Fp kBeta = make_beta();
  return mul_by_x_squared_negated(p) == G1Affine::from_xy(kBeta * p.x, p.y);
}

}  // namespace cuzk::bls12_381
