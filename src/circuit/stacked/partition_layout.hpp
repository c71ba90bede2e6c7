// Where each challenge of a PoRep partition, and each part of a challenge, sits in the circuit's
// numbering. The prefix is the replica id, the roots and comm_r's hash; the blocks are the
// challenges (circuit/block_layout.hpp).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "circuit/block_layout.hpp"
#include "circuit/stacked/challenge_part.hpp"
#include "circuit/stacked/circuit_inputs.hpp"
#include "circuit/stacked/circuit_shape.hpp"

namespace cuzk::circuit::stacked {

using circuit::Nonzeros;

// Where one part of a challenge (challenge_circuit.hpp) sits inside the challenge's block.
struct ChallengePartSpan {
  ChallengePart part;
  std::uint32_t index = 0;  // the column or the layer - 1; 0 for the others
  CircuitSize start;        // counts from the block's start to the part's
  CircuitSize size;         // the part's own counts
};

// Constraints and non-zero terms of the prefix and challenge 0 together: what record_shape.cpp
// records of a partition.
struct RecordedCounts {
  std::size_t constraints = 0;
  Nonzeros nonzeros{};
  friend bool operator==(const RecordedCounts&, const RecordedCounts&) = default;
};

struct PartitionLayout : BlockLayout {
  std::vector<ChallengePartSpan> parts;  // every part of a block, in order, covering it

  RecordedCounts recorded_counts() const {
    return {block_start(1).num_constraints, block_start_nonzeros(1)};
  }
};

// Counts the prefix and one challenge of the blank circuit of `shape`, part by part (a CountingCS
// pass over 1/challenges of the circuit: about half a second for 32 GiB). Throws cuzk::Error for an
// invalid shape.
PartitionLayout partition_layout(const CircuitShape& shape);

// The same measured on any system `cs` (fresh, counting nonzeros through nonzeros_of(cs)) while it
// synthesizes the prefix and challenge 0 of `blank`: record_shape.cpp records with a ShapeCS and
// measures in the same pass.
template <class CS>
PartitionLayout measure_partition(CS& cs, const StackedCircuit& blank);

// The recorded counts of the registered sector sizes' shapes (any challenge count: the prefix and
// a challenge do not depend on it), known before any pass so that the recorder can reserve its
// arrays; nullopt for other shapes. They equal what partition_layout measures (pinned by
// test/circuit/stacked_counts_test.cpp), and cannot drift: the R1CS is pinned to rust-fil-proofs'.
std::optional<RecordedCounts> known_recorded_counts(const CircuitShape& shape);

// check_block_counts for the stacked circuit.
inline void check_counts(const CircuitSize& end, const CircuitSize& expected,
                         const std::string& what) {
  check_block_counts(end, expected, "stacked circuit", what);
}

}  // namespace cuzk::circuit::stacked
