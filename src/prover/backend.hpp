// The heavy steps of the Groth16 prover behind a small virtual interface, chosen once per call:
// the quotient polynomial (three inverse NTTs, three coset NTTs, one inverse coset NTT per
// circuit) and the multi-scalar multiplications. The CPU backend is cpu_backend.hpp; a GPU backend
// implements the same interface without touching the prover.
//
// MSM calls are batched over the circuits (partitions) of one proof call, which share the bases:
// a device backend can upload the bases once and run every scalar set against them.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "bls12_381/g1.hpp"
#include "bls12_381/g2.hpp"
#include "prover/density.hpp"
#include "prover/msm.hpp"

namespace cuzk::prover {

using bls12_381::Fr;
using bls12_381::G1Affine;
using bls12_381::G1Jacobian;
using bls12_381::G2Affine;
using bls12_381::G2Jacobian;

// One scalar per variable; with a density, only variables whose bit is set pair with a base.
struct ScalarSet {
  std::span<const ScalarLimbs> scalars;
  const DensityBitmap* density = nullptr;
};

class ProverBackend {
 public:
  virtual ~ProverBackend() = default;
  // For logs and reports: which implementation ran.
  virtual std::string name() const = 0;

  // The m - 1 coefficients of H = (A B - C) / Z from the per-constraint evaluations (consumed).
  virtual std::vector<Fr> quotient(std::vector<Fr> a, std::vector<Fr> b, std::vector<Fr> c) = 0;

  // One result per scalar set, each against the same bases.
  virtual std::vector<G1Jacobian> msm_g1(std::span<const G1Affine> bases,
                                         std::span<const ScalarSet> sets) = 0;
  virtual std::vector<G2Jacobian> msm_g2(std::span<const G2Affine> bases,
                                         std::span<const ScalarSet> sets) = 0;
};

}  // namespace cuzk::prover
