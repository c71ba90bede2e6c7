#include "prover/setup/test_setup.hpp"

#include "bls12_381/g1.hpp"
#include "bls12_381/g2.hpp"
#include "prover/setup/fixed_base.hpp"
#include "prover/setup/setup_scalars.hpp"

namespace cuzk::prover {

Parameters generate_parameters(const circuit::CompactR1cs& r, const ToxicWaste& w) {
  const SetupScalars s = setup_scalars(r, w, SetupDevice::kCpu);
  const SetupBases bases = setup_bases(w);
  const FixedBaseTable<bls12_381::G1Curve> g1(bases.g1);
  const FixedBaseTable<bls12_381::G2Curve> g2(bases.g2);

  Parameters p;
  p.h = g1.mul_all(s.h);
  p.l = g1.mul_all(s.l);
  p.a = g1.mul_all(s.a);
  p.b_g1 = g1.mul_all(s.b);
  p.b_g2 = g2.mul_all(s.b);
  p.vk.ic = g1.mul_all(s.ic);
  p.vk.alpha_g1 = g1.mul(s.alpha).to_affine();
  p.vk.beta_g1 = g1.mul(s.beta).to_affine();
  p.vk.beta_g2 = g2.mul(s.beta).to_affine();
  p.vk.gamma_g2 = g2.mul(s.gamma).to_affine();
  p.vk.delta_g1 = g1.mul(s.delta).to_affine();
  p.vk.delta_g2 = g2.mul(s.delta).to_affine();
  return p;
}

}  // namespace cuzk::prover
