// The radix-2 evaluation domain of the Groth16 quotient polynomial, with bellperson's conventions:
// the size m is the smallest power of two >= the number of QAP constraints, the generator omega is
// the field's 2^32-th root of unity (7^t) squared (32 - log m) times, and the coset is g*<omega>
// with g = 7, Fr's multiplicative generator. Z(x) = x^m - 1 vanishes on the domain, so on the coset
// it is the constant g^m - 1.
#pragma once

#include <cstddef>
#include <cstdint>

#include "bls12_381/fields.hpp"

namespace cuzk::prover {

using bls12_381::Fr;

class EvaluationDomain {
 public:
  // The domain for a polynomial given by `num_points` evaluations (constraints). Throws
  // cuzk::Error when no radix-2 domain of Fr is large enough (bellperson refuses log m >= 32).
  static EvaluationDomain for_points(std::size_t num_points);
  // The domain of exactly 2^log_size points.
  static EvaluationDomain of_log_size(std::uint32_t log_size);

  std::size_t size() const { return std::size_t{1} << log_size_; }
  std::uint32_t log_size() const { return log_size_; }
  const Fr& omega() const { return omega_; }
  const Fr& omega_inverse() const { return omega_inv_; }
  const Fr& size_inverse() const { return size_inv_; }
  // The coset shift g = 7 and its inverse.
  static Fr coset_generator() { return Fr::from_u64(7); }
  const Fr& coset_generator_inverse() const { return generator_inv_; }
  // Z(x) = x^m - 1 at any point.
  Fr vanishing_at(const Fr& x) const;
  // 1 / Z(g): dividing by Z on the coset is one multiplication by this constant.
  const Fr& vanishing_on_coset_inverse() const { return z_coset_inv_; }

 private:
  explicit EvaluationDomain(std::uint32_t log_size);

  std::uint32_t log_size_;
  Fr omega_;
  Fr omega_inv_;
  Fr size_inv_;
  Fr generator_inv_;
  Fr z_coset_inv_;
};

}  // namespace cuzk::prover
