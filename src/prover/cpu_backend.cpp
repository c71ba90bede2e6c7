#include "prover/cpu_backend.hpp"

#include "prover/msm_cpu.hpp"
#include "prover/quotient.hpp"

namespace cuzk::prover {

std::vector<Fr> CpuBackend::quotient(std::vector<Fr> a, std::vector<Fr> b, std::vector<Fr> c) {
  return quotient_coefficients(std::move(a), std::move(b), std::move(c));
}

std::vector<G1Jacobian> CpuBackend::msm_g1(std::span<const G1Affine> bases,
                                           std::span<const ScalarSet> sets) {
  std::vector<G1Jacobian> out;
  out.reserve(sets.size());
  for (const ScalarSet& s : sets) out.push_back(prover::msm_g1(bases, s.scalars, s.density));
  return out;
}

std::vector<G2Jacobian> CpuBackend::msm_g2(std::span<const G2Affine> bases,
                                           std::span<const ScalarSet> sets) {
  std::vector<G2Jacobian> out;
  out.reserve(sets.size());
  for (const ScalarSet& s : sets) out.push_back(prover::msm_g2(bases, s.scalars, s.density));
  return out;
}

}  // namespace cuzk::prover
