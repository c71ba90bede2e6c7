// The quotient polynomial H = (A*B - C) / Z of the Groth16 QAP, computed as bellperson does:
// interpolate A, B, C from their evaluations on the domain, evaluate them on the coset g*<omega>
// (where Z is the non-zero constant g^m - 1), combine pointwise, interpolate from the coset and
// drop the top coefficient, which is zero for a satisfied system (deg H <= m - 2).
#pragma once

#include <vector>

#include "prover/evaluation_domain.hpp"

namespace cuzk::prover {

// a, b, c hold one value per QAP constraint (the circuit's constraints followed by the input
// constraints) and are consumed: they are padded to the domain size and reused as scratch.
// Returns the m - 1 coefficients that pair with the parameters' h vector.
std::vector<Fr> quotient_coefficients(std::vector<Fr> a, std::vector<Fr> b, std::vector<Fr> c);

}  // namespace cuzk::prover
