// The compact R1CS of one partition's circuit, recorded once per circuit shape for the GPU path:
// the prefix, then every challenge on a thread of its own (each a ShapeCS that starts where the
// layout says and copies its rows into place), then bellperson's `Input(i)·0 = 0` row per input,
// so the matrices are exactly what keygen and the prover see.
#pragma once

#include "circuit/compact_r1cs.hpp"
#include "circuit/stacked/circuit_shape.hpp"
#include "circuit/stacked/partition_layout.hpp"

namespace cuzk::circuit::stacked {

// Uses every OpenMP thread. Throws cuzk::Error for an invalid shape.
CompactR1cs record_partition_shape(const CircuitShape& shape, const PartitionLayout& layout);
CompactR1cs record_partition_shape(const CircuitShape& shape);

}  // namespace cuzk::circuit::stacked
