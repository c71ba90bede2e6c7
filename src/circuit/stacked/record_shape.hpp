// The compact R1CS of one partition's circuit, recorded once per circuit shape for the GPU path
// (and the test setup): the prefix and challenge 0 are recorded with a ShapeCS, which measures the
// partition's layout in the same pass; challenges 1.. are challenge 0's rows with their own
// variables renumbered (a block references the prefix's variables and its own, and every block
// has the same structure: partition_layout.hpp), copied on every thread; then bellperson's
// `Input(i)·0 = 0` row per input, so the matrices are exactly what keygen and the prover see.
// What this builds is pinned to rust-fil-proofs' R1CS by fingerprint tests, and the GPU checks
// a·b = c on every row of every partition it proves.
#pragma once

#include "circuit/compact_r1cs.hpp"
#include "circuit/stacked/circuit_shape.hpp"
#include "circuit/stacked/partition_layout.hpp"

namespace cuzk::circuit::stacked {

struct RecordedPartition {
  PartitionLayout layout;
  CompactR1cs r1cs;
};

// Throws cuzk::Error for an invalid shape.
RecordedPartition record_partition(const CircuitShape& shape);
CompactR1cs record_partition_shape(const CircuitShape& shape);

}  // namespace cuzk::circuit::stacked
