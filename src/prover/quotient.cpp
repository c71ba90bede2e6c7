#include "prover/quotient.hpp"

#include <cstdint>
#include <string>

#include "prover/ntt.hpp"
#include "util/error.hpp"

namespace cuzk::prover {

std::vector<Fr> quotient_coefficients(std::vector<Fr> a, std::vector<Fr> b, std::vector<Fr> c,
                                      WorkMeter* meter) {
  const auto transformed = [meter] {
    if (meter != nullptr) meter->advance(1);
  };
  if (a.size() != b.size() || a.size() != c.size()) {
    throw Error("quotient: A, B and C have " + std::to_string(a.size()) + ", " +
                std::to_string(b.size()) + " and " + std::to_string(c.size()) + " evaluations");
  }
  const EvaluationDomain domain = EvaluationDomain::for_points(a.size());
  for (std::vector<Fr>* v : {&a, &b, &c}) {
    v->resize(domain.size(), Fr::zero());
    ntt(*v, domain, Direction::kInverse);
    transformed();
    coset_ntt(*v, domain);
    transformed();
  }
  const Fr z_inv = domain.vanishing_on_coset_inverse();
  const auto n = static_cast<std::int64_t>(a.size());
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < n; ++i) {
    const auto k = static_cast<std::size_t>(i);
    a[k] = (a[k] * b[k] - c[k]) * z_inv;
  }
  b = {};
  c = {};
  coset_intt(a, domain);
  transformed();
  a.pop_back();
  return a;
}

}  // namespace cuzk::prover
