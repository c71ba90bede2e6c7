// Poseidon round constants from the Grain LFSR in self-shrinking mode, as the Poseidon paper
// (appendix F) prescribes and neptune v11 implements for prime fields with the x^5 S-box.
#pragma once

#include <cstddef>
#include <vector>

#include "bls12_381/fields.hpp"

namespace cuzk::hashers::poseidon {

// (full_rounds + partial_rounds) * width field elements, round-major: element w of round r is at
// r * width + w. Each is a fresh 255-bit big-endian draw from the generator, redrawn while >= r.
std::vector<bls12_381::Fr> grain_round_constants(std::size_t width, std::size_t full_rounds,
                                                 std::size_t partial_rounds);

}  // namespace cuzk::hashers::poseidon
