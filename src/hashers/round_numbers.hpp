// Poseidon round numbers (R_F full rounds, R_P partial rounds) chosen the way neptune v11 chooses
// them: the cheapest pair meeting the Poseidon paper's 128-bit security inequalities for a 256-bit
// prime, then a security margin of 2 more full rounds and 7.5% more partial rounds.
#pragma once

#include <cstddef>

namespace cuzk::hashers::poseidon {

// Standard is what Filecoin uses everywhere; Strengthened (25% more partial rounds) exists in
// neptune as a fallback against future attacks and is kept here only so its published vectors can
// cross-check the constant generation.
enum class Strength { kStandard, kStrengthened };

struct RoundNumbers {
  std::size_t full_rounds = 0;  // R_F, always even: half before and half after the partial rounds
  std::size_t partial_rounds = 0;  // R_P
  friend bool operator==(const RoundNumbers&, const RoundNumbers&) = default;
};

// The cheapest secure (R_F, R_P) for state width t, with the margin added when asked.
RoundNumbers calc_round_numbers(std::size_t width, bool security_margin);

// Round numbers for a hash of `arity` inputs (width arity + 1) at the given strength.
RoundNumbers round_numbers(std::size_t arity, Strength strength);

}  // namespace cuzk::hashers::poseidon
