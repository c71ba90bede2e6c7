// The prefix and challenge 0 of a partition's circuit recorded as compact rows (what
// record_shape.hpp keeps of a partition), part by part on OpenMP threads.
//
// A challenge's parts (challenge_part.hpp) are 28 pieces of very different sizes: at 32 GiB the
// data path is 1.36 M rows, each of the 11 labels 0.52 M, each column 6 k. In one pass the
// recording takes a second on one core, and it gates the first partition a GPU proves; part by
// part it takes about as long as the data path alone. Each part is recorded by a ShapeCS of its
// own that numbers the part's variables from a high base, and the variables it takes from earlier
// parts (column rows, the challenge's bits, labels, the data leaf) are stand-ins in a range below
// that: the three ranges keep the circuit's order (prefix, earlier parts, the part's own), so every
// row comes out with its terms in the one-pass order and only its columns need renumbering once
// the parts' sizes are known. The result equals the one-pass recording exactly
// (test/circuit/record_parts_test.cpp).
#pragma once

#include "circuit/compact_r1cs.hpp"
#include "circuit/stacked/circuit_shape.hpp"
#include "circuit/stacked/partition_layout.hpp"

namespace cuzk::circuit::stacked {

// The prefix's rows, then challenge 0's, in the circuit's numbering; no densities.
struct BlockRecording {
  PartitionLayout layout;
  CompactR1cs rows;
};

// Part by part, on the OpenMP threads. Throws cuzk::Error for an invalid shape.
BlockRecording record_blocks(const CircuitShape& shape);
// In one pass of one ShapeCS: the reference the parts are checked against.
BlockRecording record_blocks_in_one_pass(const CircuitShape& shape);

}  // namespace cuzk::circuit::stacked
