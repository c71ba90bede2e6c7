// The compact R1CS of one partition's circuit, recorded once per circuit shape for the GPU path
// (and the test setup): the prefix and challenge 0 are recorded part by part on the OpenMP
// threads (record_parts.hpp), which measures the partition's layout too; challenges 1.. are
// challenge 0's rows with their own variables renumbered (a block references the prefix's
// variables and its own, and every block has the same structure: partition_layout.hpp); then
// bellperson's `Input(i)·0 = 0` row per input, so the matrices are exactly what keygen and the
// prover see.
//
// The recording (PartitionRecording) keeps only the prefix and challenge 0, a nineteenth of a
// 32 GiB partition: the GPU makes the copies on the device from it (kernels::RepeatedBlocks),
// and expand() makes them on the host, on every thread, for the CPU's users.
// What this builds is pinned to rust-fil-proofs' R1CS by fingerprint tests, and the GPU checks
// a·b = c on every row of every partition it proves.
#pragma once

#include "circuit/compact_r1cs.hpp"
#include "circuit/stacked/circuit_shape.hpp"
#include "circuit/stacked/partition_layout.hpp"

namespace cuzk::circuit::stacked {

// The prefix and challenge 0 as recorded, and what holds for the whole partition.
struct PartitionRecording {
  PartitionLayout layout;
  CompactMatrix a, b, c;         // the prefix's rows, then challenge 0's
  std::vector<Fr> coefficients;  // CoefficientTable::values()
  // The prover's densities over the whole partition (aux in A; inputs and aux in B).
  BitVector a_aux_density, b_input_density, b_aux_density;

  // The whole partition's counts, bellperson's input rows included.
  CircuitSize size() const { return layout.recorded_size(); }
};

struct RecordedPartition {
  PartitionLayout layout;
  CompactR1cs r1cs;
};

// Throw cuzk::Error for an invalid shape.
PartitionRecording record_partition_blocks(const CircuitShape& shape);
RecordedPartition record_partition(const CircuitShape& shape);
// The whole partition's matrices from a recording.
CompactR1cs expand(const PartitionRecording& recording);
CompactR1cs record_partition_shape(const CircuitShape& shape);

}  // namespace cuzk::circuit::stacked
