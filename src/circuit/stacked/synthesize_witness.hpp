// The compact witnesses of several partitions through the generic gadgets (WitnessCS), with every
// challenge of every partition a task of its own, so all cores are busy whether one partition is
// proved or ten. Each task synthesizes into a WitnessCS that starts where the layout puts its
// challenge and copies its bits into that range of the partition's witness.
#pragma once

#include <functional>
#include <span>
#include <vector>

#include "circuit/compact_witness.hpp"
#include "circuit/stacked/circuit_inputs.hpp"
#include "circuit/stacked/partition_layout.hpp"

namespace cuzk::circuit::stacked {

// Called once per circuit, from whichever thread finished its last challenge, as soon as its
// witness is complete (so a consumer can start on circuit k while later ones are synthesized).
// Calls never overlap.
using WitnessReady = std::function<void(std::size_t index, CompactWitness&& witness)>;

// Every circuit must have the layout's shape. Tasks run in circuit order on every OpenMP thread.
// Throws cuzk::Error (a missing value, a value that is not canonical, a structure that does not
// match the layout) after the other circuits are done; `ready` is not called for a failed one.
void synthesize_witnesses(std::span<const StackedCircuit> circuits, const PartitionLayout& layout,
                          const WitnessReady& ready);
// The same, collected: one witness per circuit, in order.
std::vector<CompactWitness> synthesize_witnesses(std::span<const StackedCircuit> circuits,
                                                 const PartitionLayout& layout);

}  // namespace cuzk::circuit::stacked
