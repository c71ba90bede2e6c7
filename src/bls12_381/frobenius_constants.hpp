// The constants of the p-power Frobenius on the tower and on the G2 twist: powers of
// gamma = xi^((p-1)/6), xi = u + 1, so that w^p = gamma * w for Fp12 = Fp6[w], w^6 = xi.
#pragma once

#include <array>

#include "bls12_381/fp2.hpp"

namespace cuzk::bls12_381 {

struct FrobeniusConstants {
  std::array<Fp2, 6> gamma;  // gamma[k] = xi^(k (p-1)/6); gamma[0] = 1
  Fp2 psi_x;                 // 1 / gamma^2 = xi^(-(p-1)/3): psi's factor on x
  Fp2 psi_y;                 // 1 / gamma^3 = xi^(-(p-1)/2): psi's factor on y
};

// Computed once, on first use, from p (checked against published values in the tests).
const FrobeniusConstants& frobenius_constants();

}  // namespace cuzk::bls12_381
