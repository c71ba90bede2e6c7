// The BLS12 family parameter of BLS12-381, x = -0xd201000000010000: p, r, the Miller loop, the
// final exponentiation and the subgroup checks are all polynomials in it.
#pragma once

#include <cstdint>

namespace cuzk::bls12_381 {

inline constexpr std::uint64_t kXAbs = 0xd201000000010000;  // |x|
inline constexpr bool kXIsNegative = true;

}  // namespace cuzk::bls12_381
