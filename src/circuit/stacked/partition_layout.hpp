// Where each challenge of a partition sits in the circuit's numbering. A partition is a prefix
// (the replica id, the roots, comm_r's hash) followed by `challenges` blocks that all have the
// same numbers of inputs, aux variables, constraints and non-zero terms, whatever the challenge
// values: the circuit's structure never depends on a value. So block i starts at
// prefix + i * block, and the blocks can be synthesized on different threads into systems that
// start there (ShapeCS and WitnessCS take a start), each writing its own range of the result.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "circuit/fingerprint_hasher.hpp"
#include "circuit/stacked/challenge_part.hpp"
#include "circuit/stacked/circuit_inputs.hpp"
#include "circuit/stacked/circuit_shape.hpp"

namespace cuzk::circuit::stacked {

// Non-zero terms of A, B and C.
using Nonzeros = std::array<std::size_t, 3>;

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

struct PartitionLayout {
  std::uint32_t challenges = 0;
  CircuitSize prefix;  // counts after the prefix (ONE included)
  CircuitSize block;   // one challenge's own counts
  Nonzeros prefix_nonzeros{};
  Nonzeros block_nonzeros{};
  std::vector<ChallengePartSpan> parts;  // every part of a block, in order, covering it

  // Counts before challenge i (i == challenges: the whole synthesized circuit).
  CircuitSize block_start(std::size_t i) const {
    return {prefix.num_inputs + i * block.num_inputs, prefix.num_aux + i * block.num_aux,
            prefix.num_constraints + i * block.num_constraints};
  }
  Nonzeros block_start_nonzeros(std::size_t i) const {
    return {prefix_nonzeros[0] + i * block_nonzeros[0], prefix_nonzeros[1] + i * block_nonzeros[1],
            prefix_nonzeros[2] + i * block_nonzeros[2]};
  }
  CircuitSize total() const { return block_start(challenges); }
  Nonzeros total_nonzeros() const { return block_start_nonzeros(challenges); }
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

// Throws cuzk::Error naming `what` (e.g. "challenge 3") unless a system that synthesized it ended
// at the counts the layout expects: a guard against a structure that depended on values.
void check_counts(const CircuitSize& end, const CircuitSize& expected, const std::string& what);

}  // namespace cuzk::circuit::stacked
