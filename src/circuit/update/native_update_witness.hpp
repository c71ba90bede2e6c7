// One EmptySectorUpdate partition's compact witness (compact_witness.hpp) computed natively
// (native_update_parts.hpp): the same CompactWitness, bit for bit, as a WitnessCS that synthesized
// the gadgets (synthesize(cs, circuit) in update_circuit.hpp), without building a linear
// combination. The prefix's values are computed first with plain hashes on the calling thread;
// then the plan's stretches (the head, runs of the apex tree, the tail, each challenge) are
// written on the OpenMP threads, each into its own range of the witness.
//
// Threads: the stretches use a `parallel for` of their own, so one partition called from outside
// any parallel region uses every core; called from inside one (several partitions at once), its
// stretches run on the caller's thread alone unless nested parallelism was enabled.
#pragma once

#include <memory>
#include <memory_resource>

#include "circuit/compact_witness.hpp"
#include "circuit/update/native_update_plan.hpp"
#include "circuit/update/update_inputs.hpp"

namespace cuzk::circuit::update {

// The circuit must be of the plan's shape. The witness's containers are allocated from `memory`
// (none: the default resource). Throws cuzk::Error where the gadgets throw (validate, a missing
// value, a new label that is not the encoding: the first in circuit order, as a sequential
// synthesis meets it), and where a stretch does not fill the range the plan gives it.
CompactWitness native_update_witness(const NativeUpdateWitnessPlan& plan,
                                     const UpdateCircuit& circuit,
                                     std::shared_ptr<std::pmr::memory_resource> memory = nullptr);

}  // namespace cuzk::circuit::update
