#include "prover/setup/setup_scalars.hpp"

#include <cstdint>
#include <span>
#include <string>

#include "kernels/ntt/ntt.hpp"
#include "prover/evaluation_domain.hpp"
#include "prover/ntt.hpp"
#include "prover/setup/qap_evaluation.hpp"
#include "util/error.hpp"

namespace cuzk::prover {
namespace {

// (beta a + alpha b + c) * inv, element by element.
std::vector<Fr> combine(std::span<const Fr> a, std::span<const Fr> b, std::span<const Fr> c,
                        const ToxicWaste& w, const Fr& inv) {
  std::vector<Fr> out(a.size());
  const auto n = static_cast<std::int64_t>(out.size());
#pragma omp parallel for schedule(static)
  for (std::int64_t si = 0; si < n; ++si) {
    const auto i = static_cast<std::size_t>(si);
    out[i] = (w.beta * a[i] + w.alpha * b[i] + c[i]) * inv;
  }
  return out;
}

// The non-zero values of inputs then aux.
std::vector<Fr> non_zero(const ColumnValues& v) {
  std::vector<Fr> out;
  for (const auto* part : {&v.inputs, &v.aux}) {
    for (const Fr& x : *part) {
      if (!x.is_zero()) out.push_back(x);
    }
  }
  return out;
}

}  // namespace

SetupScalars setup_scalars(const circuit::CompactR1cs& r, const ToxicWaste& w, SetupDevice device) {
  const EvaluationDomain domain = EvaluationDomain::for_points(r.size.num_constraints);
  const Fr gamma_inv = w.gamma.inverse();
  const Fr delta_inv = w.delta.inverse();
  SetupScalars s;
  s.alpha = w.alpha;
  s.beta = w.beta;
  s.gamma = w.gamma;
  s.delta = w.delta;

  std::vector<Fr> lagrange(domain.size(), Fr::one());
  distribute_powers(lagrange, w.tau);
  s.h.assign(lagrange.begin(), lagrange.end() - 1);
  scale(s.h, domain.vanishing_at(w.tau) * delta_inv);
  // The inverse transform of the powers of tau is the Lagrange basis at tau.
  if (device == SetupDevice::kGpu) {
    kernels::ntt(kSetupGpu, lagrange, kernels::NttDirection::kInverse,
                 kernels::NttDomain::kSubgroup);
  } else {
    ntt(lagrange, domain, Direction::kInverse);
  }

  const ColumnValues a = evaluate_columns(r.a, r.coefficients, r.size, lagrange);
  const ColumnValues b = evaluate_columns(r.b, r.coefficients, r.size, lagrange);
  const ColumnValues c = evaluate_columns(r.c, r.coefficients, r.size, lagrange);
  lagrange = {};
  s.ic = combine(a.inputs, b.inputs, c.inputs, w, gamma_inv);
  s.l = combine(a.aux, b.aux, c.aux, w, delta_inv);
  for (std::size_t j = 0; j < s.l.size(); ++j) {
    if (s.l[j].is_zero()) {
      throw Error("test setup: aux variable " + std::to_string(j) +
                  " is unconstrained (its l point is infinity)");
    }
  }
  s.a = non_zero(a);
  s.b = non_zero(b);
  return s;
}

SetupBases setup_bases(const ToxicWaste& w) {
  return {bls12_381::G1Jacobian::generator() * w.g1, bls12_381::G2Jacobian::generator() * w.g2};
}

}  // namespace cuzk::prover
