// The parts a challenge of the StackedDRG circuit is made of (challenge_circuit.hpp), in
// allocation order. Each depends only on the challenge's witness, never on another part's values,
// so a native witness generator can write each on a thread of its own; partition_layout() locates
// them inside a challenge's block.
#pragma once

#include <cstddef>
#include <cstdint>

namespace cuzk::circuit::stacked {

enum class ChallengePart : std::uint8_t {
  kDataPath,   // the data leaf and its inclusion in tree D
  kColumn,     // parent column `index` (DRG 0..5, then expander 6..13): rows, hash, inclusion in C
  kChallenge,  // the challenge's 64 bits and their public input
  kLabel,      // layer `index` + 1: the parents' label bits and create_label
  kTail,       // the encoded node, its inclusion in R_last; the column hash, its inclusion in C
};

// What synthesize_challenge calls at the start of each part; the default ignores it.
struct IgnoreParts {
  void operator()(ChallengePart, std::size_t) const {}
};

}  // namespace cuzk::circuit::stacked
