// What a GPU session records of its circuit once and keeps on the device (gpu_proving_session.hpp),
// for either kind of proof: PoRep's partition as its prefix and one challenge block, which the GPU
// repeats for the other challenges (stacked::record_partition_blocks), and an update partition's
// whole R1CS (update::record_update_partition). Everything the session asks of the recording is
// here, so that the session itself knows neither kind.
#pragma once

#include <cstddef>
#include <string>
#include <variant>

#include "circuit/compact_r1cs.hpp"
#include "circuit/stacked/circuit_shape.hpp"
#include "circuit/stacked/partition_layout.hpp"
#include "circuit/stacked/record_shape.hpp"
#include "circuit/update/update_shape.hpp"
#include "pipeline/circuit_kind.hpp"
#include "prover/params/parameters.hpp"

namespace cuzk::pipeline {

// The shape to record: a StackedDRG partition's (any, tests prove small ones) or an update
// partition's.
using PartitionShape = std::variant<circuit::stacked::CircuitShape, circuit::update::UpdateShape>;

PartitionShape partition_shape(const CircuitKind& kind);

using RecordedR1cs = std::variant<circuit::stacked::PartitionRecording, circuit::CompactR1cs>;

// Throws cuzk::Error for a shape the circuit refuses.
RecordedR1cs record_partition_r1cs(const PartitionShape& shape);

// The whole partition's counts, bellperson's input rows included.
circuit::CircuitSize recorded_size(const RecordedR1cs& r1cs);
// The inputs present in B, whose parameter points come first in B.
std::size_t b_input_count(const RecordedR1cs& r1cs);
// The parameters' lengths the partition needs.
prover::VectorLengths recorded_lengths(const RecordedR1cs& r1cs);
// For the session's log: "N rows, C challenge blocks (one recorded, copied on the GPU), K distinct
// coefficients" (PoRep), "N rows, K distinct coefficients" (update).
std::string describe(const RecordedR1cs& r1cs);

// How a partition's witness is laid out for the recorded shape: a StackedDRG partition's by
// blocks (a prefix, then one block per challenge), an update partition's plainly, its counts
// those of the whole R1CS.
using WitnessLayout = std::variant<circuit::stacked::PartitionLayout, circuit::CircuitSize>;

WitnessLayout witness_layout(const RecordedR1cs& r1cs);

}  // namespace cuzk::pipeline
