// The CPU implementation of ProverBackend: OpenMP radix-2 NTTs (ntt.hpp) and Pippenger MSMs
// (msm.hpp), using every thread OpenMP offers. With a meter, each call is a step on it ("MSM in
// G1", "quotient"), advanced as the work goes, for a progress display.
#pragma once

#include "prover/backend.hpp"
#include "util/work_meter.hpp"

namespace cuzk::prover {

class CpuBackend final : public ProverBackend {
 public:
  explicit CpuBackend(WorkMeter* meter = nullptr) : meter_(meter) {}

  std::string name() const override { return "cpu"; }
  std::vector<Fr> quotient(std::vector<Fr> a, std::vector<Fr> b, std::vector<Fr> c) override;
  std::vector<G1Jacobian> msm_g1(std::span<const G1Affine> bases,
                                 std::span<const ScalarSet> sets) override;
  std::vector<G2Jacobian> msm_g2(std::span<const G2Affine> bases,
                                 std::span<const ScalarSet> sets) override;

 private:
  WorkMeter* meter_;
};

}  // namespace cuzk::prover
