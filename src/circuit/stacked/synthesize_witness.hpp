// The compact witnesses of several partitions through the generic gadgets (WitnessCS), with every
// challenge of every partition a task of its own, so all cores are busy whether one partition is
// proved or ten. Each task synthesizes into a WitnessCS that starts where the layout puts its
// challenge and copies its bits into that range of the partition's witness.
#pragma once

#include <span>
#include <vector>

#include "circuit/compact_witness.hpp"
#include "circuit/stacked/circuit_inputs.hpp"
#include "circuit/stacked/partition_layout.hpp"
#include "circuit/stacked/witness_assembly.hpp"

namespace cuzk::circuit::stacked {

// Every circuit must have the layout's shape. Tasks run in circuit order on every OpenMP thread.
// Throws cuzk::Error (a missing value, a value that is not canonical, a structure that does not
// match the layout) after the other circuits are done; `ready` is not called for a failed one.
void synthesize_witnesses(std::span<const StackedCircuit> circuits, const PartitionLayout& layout,
                          const WitnessReady& ready);
// The same, collected: one witness per circuit, in order.
std::vector<CompactWitness> synthesize_witnesses(std::span<const StackedCircuit> circuits,
                                                 const PartitionLayout& layout);

}  // namespace cuzk::circuit::stacked
