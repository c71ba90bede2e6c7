#include "bls12_381/g2.hpp"

#include "bls12_381/curve_parameter.hpp"
#include "bls12_381/frobenius_constants.hpp"

namespace cuzk::bls12_381 {
namespace {

G2Affine make_generator() {
  const Fp x0 = *Fp::from_canonical({0xd48056c8c121bdb8, 0x0bac0326a805bbef, 0xb4510b647ae3d177,
                                     0xc6e47ad4fa403b02, 0x260805272dc51051, 0x024aa2b2f08f0a91});
  const Fp x1 = *Fp::from_canonical({0xe5ac7d055d042b7e, 0x334cf11213945d57, 0xb5da61bbdc7f5049,
                                     0x596bd0d09920b61a, 0x7dacd3a088274f65, 0x13e02b6052719f60});
  const Fp y0 = *Fp::from_canonical({0xe193548608b82801, 0x923ac9cc3baca289, 0x6d429a695160d12c,
                                     0xadfd9baa8cbdd3a7, 0x8cc9cdc6da2e351a, 0x0ce5d527727d6e11});
  const Fp y1 = *Fp::from_canonical({0xaaa9075ff05f79be, 0x3f370d275cec1da1, 0x267492ab572e99ab,
                                     0xcb3e287e85a763af, 0x32acd2b02bc28b99, 0x0606c4a02ea734cc});
  return G2Affine::from_xy(Fp2{x0, x1}, Fp2{y0, y1});
}

}  // namespace

const Fp2& G2Curve::b() {
  static const Fp2 kB{Fp::from_u64(4), Fp::from_u64(4)};
  return kB;
}

G2Affine G2Curve::generator() {
  static const G2Affine kGenerator = make_generator();
  return kGenerator;
}

G2Affine psi(const G2Affine& p) {
  if (p.infinity) return p;
  const FrobeniusConstants& c = frobenius_constants();
  return G2Affine::from_xy(p.x.conjugate() * c.psi_x, p.y.conjugate() * c.psi_y);
}

bool is_in_subgroup(const G2Affine& p) {
  if (p.infinity) return true;
  G2Jacobian xp = G2Jacobian::from_affine(p).mul(Limbs<1>{kXAbs});
  if (kXIsNegative) xp = -xp;
  return xp == psi(p);
}

}  // namespace cuzk::bls12_381
