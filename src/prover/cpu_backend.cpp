#include "prover/cpu_backend.hpp"

#include <string>

#include "prover/msm_cpu.hpp"
#include "prover/quotient.hpp"

namespace cuzk::prover {

namespace {

// "MSM in G1: 4194304 points, 10 circuits"
std::string msm_step(const char* group, std::size_t bases, std::size_t circuits) {
  return std::string("MSM in ") + group + ": " + std::to_string(bases) + " points" +
         (circuits == 1 ? "" : ", " + std::to_string(circuits) + " circuits");
}

}  // namespace

std::vector<Fr> CpuBackend::quotient(std::vector<Fr> a, std::vector<Fr> b, std::vector<Fr> c) {
  const MeteredStep step(meter_, "quotient: " + std::to_string(a.size()) + " rows",
                         kQuotientTransforms, "NTTs");
  return quotient_coefficients(std::move(a), std::move(b), std::move(c), meter_);
}

std::vector<G1Jacobian> CpuBackend::msm_g1(std::span<const G1Affine> bases,
                                           std::span<const ScalarSet> sets) {
  const MeteredStep step(meter_, msm_step("G1", bases.size(), sets.size()), 0, "");
  std::vector<G1Jacobian> out;
  out.reserve(sets.size());
  for (const ScalarSet& s : sets) {
    out.push_back(prover::msm_g1(bases, s.scalars, s.density, meter_));
  }
  return out;
}

std::vector<G2Jacobian> CpuBackend::msm_g2(std::span<const G2Affine> bases,
                                           std::span<const ScalarSet> sets) {
  const MeteredStep step(meter_, msm_step("G2", bases.size(), sets.size()), 0, "");
  std::vector<G2Jacobian> out;
  out.reserve(sets.size());
  for (const ScalarSet& s : sets) {
    out.push_back(prover::msm_g2(bases, s.scalars, s.density, meter_));
  }
  return out;
}

}  // namespace cuzk::prover
