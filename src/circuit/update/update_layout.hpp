// Where each challenge of an EmptySectorUpdate partition sits in the circuit's numbering. A
// partition is a prefix (the statement, phi, the apex tree, every challenge's random bits:
// synthesize_update_prefix) followed by challenge_count blocks (synthesize_update_challenge) that
// reference only the prefix's variables and their own, and that all have the same numbers of
// inputs, aux variables, constraints and non-zero terms whatever the values: the structure never
// depends on a value. So block i starts at prefix + i * block, and once one system has synthesized
// the prefix and challenge 0 (which measures the block) the other challenges can be synthesized on
// other threads into systems that start there (ShapeCS and WitnessCS take a start), as
// stacked/partition_layout.hpp does for PoRep.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>

#include "circuit/fingerprint_hasher.hpp"
#include "circuit/update/update_shape.hpp"

namespace cuzk::circuit::update {

// Non-zero terms of A, B and C.
using Nonzeros = std::array<std::size_t, 3>;

struct UpdateLayout {
  std::size_t challenges = 0;
  CircuitSize prefix;  // counts after the prefix (ONE included)
  CircuitSize block;   // one challenge's own counts
  Nonzeros prefix_nonzeros{};
  Nonzeros block_nonzeros{};

  // Counts before challenge i (i == challenges: the whole synthesized circuit, no input rows).
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
};

// The counts (and non-zeros, for a system that counts them) one system had after the prefix and
// after challenge 0.
struct MeasuredPrefix {
  CircuitSize prefix, first_challenge_end;
  Nonzeros prefix_nonzeros{}, first_challenge_end_nonzeros{};
};

// The layout of a partition of `shape` so measured. Throws cuzk::Error for a shape without
// challenges.
UpdateLayout update_layout(const UpdateShape& shape, const MeasuredPrefix& measured);

// Throws cuzk::Error naming `what` (e.g. "challenge 3") unless a system that synthesized it ended
// at the counts the layout expects: a guard against a structure that depended on values.
void check_update_counts(const CircuitSize& end, const CircuitSize& expected,
                         const std::string& what);

// The whole partition's rows (bellperson's input rows included) and non-zeros of A, B and C (the
// input rows' terms included) for the registered sizes, known before any synthesis so that a
// recorder can reserve its arrays at once; nullopt for other shapes. Only room depends on them:
// they equal what is recorded (test/circuit/update_record_test.cpp checks them against the pinned
// digests), and a recording that differed would still be right, only slower.
struct RecordTotals {
  std::size_t rows = 0;
  Nonzeros nonzeros{};
};
std::optional<RecordTotals> known_record_totals(const UpdateShape& shape);

}  // namespace cuzk::circuit::update
