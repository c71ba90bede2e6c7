// The CPU implementation of ProverBackend: OpenMP radix-2 NTTs (ntt.hpp) and Pippenger MSMs
// (msm.hpp), using every thread OpenMP offers.
#pragma once

#include "prover/backend.hpp"

namespace cuzk::prover {

class CpuBackend final : public ProverBackend {
 public:
  std::string name() const override { return "cpu"; }
  std::vector<Fr> quotient(std::vector<Fr> a, std::vector<Fr> b, std::vector<Fr> c) override;
  std::vector<G1Jacobian> msm_g1(std::span<const G1Affine> bases,
                                 std::span<const ScalarSet> sets) override;
  std::vector<G2Jacobian> msm_g2(std::span<const G2Affine> bases,
                                 std::span<const ScalarSet> sets) override;
};

}  // namespace cuzk::prover
