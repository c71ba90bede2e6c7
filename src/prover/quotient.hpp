// The quotient polynomial H = (A*B - C) / Z of the Groth16 QAP, computed as bellperson does:
// interpolate A, B, C from their evaluations on the domain, evaluate them on the coset g*<omega>
// (where Z is the non-zero constant g^m - 1), combine pointwise, interpolate from the coset and
// drop the top coefficient, which is zero for a satisfied system (deg H <= m - 2).
#pragma once

#include <cstdint>
#include <vector>

#include "prover/evaluation_domain.hpp"
#include "util/work_meter.hpp"

namespace cuzk::prover {

// The transforms quotient_coefficients runs: an inverse and a coset transform for each of A, B, C,
// and the inverse coset transform of the result.
inline constexpr std::uint64_t kQuotientTransforms = 7;

// a, b, c hold one value per QAP constraint (the circuit's constraints followed by the input
// constraints) and are consumed: they are padded to the domain size and reused as scratch.
// Returns the m - 1 coefficients that pair with the parameters' h vector. `meter`, when given,
// advances by one after each transform.
std::vector<Fr> quotient_coefficients(std::vector<Fr> a, std::vector<Fr> b, std::vector<Fr> c,
                                      WorkMeter* meter = nullptr);

}  // namespace cuzk::prover
