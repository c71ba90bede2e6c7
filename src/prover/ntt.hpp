// Radix-2 number-theoretic transforms over Fr on an EvaluationDomain, in natural order in and out.
//
//   ntt(v, d, kForward)  evaluates the polynomial with coefficients v at omega^0 .. omega^(m-1);
//   ntt(v, d, kInverse)  interpolates back, including the 1/m factor;
//   coset_ntt            evaluates on the coset g*<omega> (coefficient i is first scaled by g^i);
//   coset_intt           interpolates from the coset (the inverse of coset_ntt).
//
// The length of v must be exactly d.size(). Variable time (the data is not secret). Parallel with
// OpenMP over butterflies; the first stages run block by block so that each block stays in cache.
#pragma once

#include <span>

#include "prover/evaluation_domain.hpp"

namespace cuzk::prover {

enum class Direction { kForward, kInverse };

void ntt(std::span<Fr> values, const EvaluationDomain& domain, Direction direction);
void coset_ntt(std::span<Fr> values, const EvaluationDomain& domain);
void coset_intt(std::span<Fr> values, const EvaluationDomain& domain);

// values[i] *= base^i, in parallel.
void distribute_powers(std::span<Fr> values, const Fr& base);
// values[i] *= factor * base^i, in parallel.
void distribute_scaled_powers(std::span<Fr> values, const Fr& base, const Fr& factor);
// values[i] *= factor, in parallel.
void scale(std::span<Fr> values, const Fr& factor);

}  // namespace cuzk::prover
