// The compact witnesses of several partitions computed natively (native_parts.hpp): the same
// CompactWitness, bit for bit, as synthesize_witnesses (synthesize_witness.hpp), the generic
// reference, and the same signature, without building a linear combination. Every part of every
// challenge of every partition is a task of its own, writing its own range of its partition's
// witness (partition_layout.hpp's parts), so all cores are busy for one partition as for ten.
#pragma once

#include <span>
#include <vector>

#include "circuit/compact_witness.hpp"
#include "circuit/stacked/circuit_inputs.hpp"
#include "circuit/stacked/native_parts.hpp"
#include "circuit/stacked/partition_layout.hpp"
#include "circuit/stacked/witness_assembly.hpp"

namespace cuzk::circuit::stacked {

// One witness per circuit, in order; every circuit must have one shape, the layout's. Uses every
// OpenMP thread. Throws cuzk::Error (a missing value, circuits of different shapes, a part that
// does not fill the range the layout gives it).
std::vector<CompactWitness> native_witnesses(std::span<const StackedCircuit> circuits,
                                             const PartitionLayout& layout);
// The same with a plan made beforehand (it holds the SHA-256 programs of the shape).
std::vector<CompactWitness> native_witnesses(std::span<const StackedCircuit> circuits,
                                             const PartitionLayout& layout,
                                             const NativeWitnessPlan& plan);
// Each partition handed to `ready` as soon as it is complete, allocated from the memory `memory`
// gives it (witness_assembly.hpp; none: the default resource); throws the first failure after
// the other partitions are done.
void native_witnesses(std::span<const StackedCircuit> circuits, const PartitionLayout& layout,
                      const NativeWitnessPlan& plan, const WitnessReady& ready,
                      const WitnessMemory& memory = {});

}  // namespace cuzk::circuit::stacked
