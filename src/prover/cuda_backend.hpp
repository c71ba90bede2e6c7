// The GPU implementation of ProverBackend, over the kernels' plain C++ headers: the quotient is
// the kernels' seven-transform chain on the device, and each MSM call uploads its bases once and
// runs every scalar set (partition) against them, scalars equal to 1 going to the batch addition.
//
// Only in CUDA builds (CUZK_HAVE_CUDA, defined by the cuzk_kernels target); callers guard with
// the same macro and keep CpuBackend as the path of builds without CUDA.
#pragma once

#ifdef CUZK_HAVE_CUDA

#include "prover/backend.hpp"

namespace cuzk::prover {

class CudaBackend final : public ProverBackend {
 public:
  // Throws cuzk::Error when no usable CUDA device is present (no silent CPU fallback).
  CudaBackend();

  std::string name() const override { return "cuda"; }
  std::vector<Fr> quotient(std::vector<Fr> a, std::vector<Fr> b, std::vector<Fr> c) override;
  std::vector<G1Jacobian> msm_g1(std::span<const G1Affine> bases,
                                 std::span<const ScalarSet> sets) override;
  std::vector<G2Jacobian> msm_g2(std::span<const G2Affine> bases,
                                 std::span<const ScalarSet> sets) override;
};

}  // namespace cuzk::prover

#endif  // CUZK_HAVE_CUDA
