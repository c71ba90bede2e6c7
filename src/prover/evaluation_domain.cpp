#include "prover/evaluation_domain.hpp"

#include <string>

#include "util/error.hpp"

namespace cuzk::prover {

namespace {
constexpr std::uint32_t kTwoAdicity = bls12_381::kFrParams.two_adicity;
}  // namespace

EvaluationDomain EvaluationDomain::for_points(std::size_t num_points) {
  std::uint32_t log_size = 0;
  while ((std::size_t{1} << log_size) < num_points) {
    ++log_size;
    // bellperson stops one short of the full two-adicity; do the same so the same circuits fit.
    if (log_size >= kTwoAdicity) {
      throw Error("a circuit of " + std::to_string(num_points) +
                  " constraints needs a radix-2 domain larger than Fr supports (2^31)");
    }
  }
  return EvaluationDomain(log_size);
}

EvaluationDomain EvaluationDomain::of_log_size(std::uint32_t log_size) {
  if (log_size >= kTwoAdicity) {
    throw Error("radix-2 domain 2^" + std::to_string(log_size) + " is larger than Fr supports");
  }
  return EvaluationDomain(log_size);
}

EvaluationDomain::EvaluationDomain(std::uint32_t log_size) : log_size_(log_size) {
  omega_ = Fr::two_adic_root_of_unity();
  for (std::uint32_t i = log_size; i < kTwoAdicity; ++i) omega_ = omega_.square();
  omega_inv_ = omega_.inverse();
  size_inv_ = Fr::from_u64(size()).inverse();
  generator_inv_ = coset_generator().inverse();
  z_coset_inv_ = vanishing_at(coset_generator()).inverse();
}

Fr EvaluationDomain::vanishing_at(const Fr& x) const {
  return x.pow(static_cast<std::uint64_t>(size())) - Fr::one();
}

}  // namespace cuzk::prover
