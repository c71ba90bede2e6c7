// Where each challenge of an EmptySectorUpdate partition sits in the circuit's numbering
// (circuit/block_layout.hpp). The prefix is the statement, phi, the apex tree and every
// challenge's random bits (synthesize_update_prefix); the blocks are the challenges
// (synthesize_update_challenge). One system synthesizes the prefix and challenge 0, which measures
// the block.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>

#include "circuit/block_layout.hpp"
#include "circuit/update/update_shape.hpp"

namespace cuzk::circuit::update {

using circuit::Nonzeros;

using UpdateLayout = BlockLayout;

// The counts (and non-zeros, for a system that counts them) one system had after the prefix and
// after challenge 0.
struct MeasuredPrefix {
  CircuitSize prefix, first_challenge_end;
  Nonzeros prefix_nonzeros{}, first_challenge_end_nonzeros{};
};

// The layout of a partition of `shape` so measured. Throws cuzk::Error for a shape without
// challenges.
UpdateLayout update_layout(const UpdateShape& shape, const MeasuredPrefix& measured);

// check_block_counts for the update circuit.
inline void check_update_counts(const CircuitSize& end, const CircuitSize& expected,
                                const std::string& what) {
  check_block_counts(end, expected, "empty sector update circuit", what);
}

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
