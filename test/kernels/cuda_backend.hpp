// A GPU implementation of prover::ProverBackend, over the kernels' plain C++ headers: the
// quotient is the kernels' seven-transform chain on the device, and each MSM call uploads its
// bases once and runs every scalar set (partition) against them, scalars equal to 1 going to the
// batch addition. It is the first GPU path, which uploads the parameters' points on every call;
// cuzk proves with the resident ones of pipeline/ instead, so this one lives on as a test's
// second opinion: gpu_backend_test checks it against the CPU backend, proof for proof. Compiled
// into that test only, in CUDA builds (test/CMakeLists.txt).
#pragma once

#include "kernels/device/device.hpp"
#include "prover/backend.hpp"

namespace cuzk::kernels::test {

using prover::Fr;
using prover::G1Affine;
using prover::G1Jacobian;
using prover::G2Affine;
using prover::G2Jacobian;
using prover::ScalarSet;

class CudaBackend final : public prover::ProverBackend {
 public:
  // Runs every step on `device`. Throws cuzk::Error when it is not a usable CUDA device (no
  // silent CPU fallback).
  explicit CudaBackend(Device device);

  std::string name() const override { return "cuda"; }
  std::vector<Fr> quotient(std::vector<Fr> a, std::vector<Fr> b, std::vector<Fr> c) override;
  std::vector<G1Jacobian> msm_g1(std::span<const G1Affine> bases,
                                 std::span<const ScalarSet> sets) override;
  std::vector<G2Jacobian> msm_g2(std::span<const G2Affine> bases,
                                 std::span<const ScalarSet> sets) override;

 private:
  Device device_;
};

}  // namespace cuzk::kernels::test
