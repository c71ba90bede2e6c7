#include "prover/msm_cpu.hpp"

namespace cuzk::prover {

G1Jacobian msm_g1(std::span<const G1Affine> bases, std::span<const ScalarLimbs> scalars,
                  const DensityBitmap* density, WorkMeter* meter) {
  return msm<G1Affine>(bases, scalars, density, meter);
}

G2Jacobian msm_g2(std::span<const G2Affine> bases, std::span<const ScalarLimbs> scalars,
                  const DensityBitmap* density, WorkMeter* meter) {
  return msm<G2Affine>(bases, scalars, density, meter);
}

}  // namespace cuzk::prover
