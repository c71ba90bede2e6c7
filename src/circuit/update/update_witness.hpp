// The compact witness (compact_witness.hpp) of one EmptySectorUpdate partition, for a prover that
// evaluates A·w, B·w and C·w itself from the recording (update_record.hpp): equal, value for value,
// to what one WitnessCS over synthesize(cs, circuit) finishes with.
//
// The prefix and challenge 0 (which measures the block: update_layout.hpp) are synthesized on the
// calling thread, then the other challenges on the OpenMP threads, each in a WitnessCS that starts
// at its block's counts, is checked to end where the layout says and places its inputs and bits
// into the one witness; the wide values are joined in circuit order at the end, on the calling
// thread.
//
// Threads: the challenges use a `parallel for` of their own. A caller that proves several
// partitions at once from inside an OpenMP parallel region over them gets each partition's
// challenges run on that partition's thread alone (OpenMP runs a nested region with one thread
// unless nesting was enabled), so partitions × challenges never oversubscribe the cores; one
// partition called from outside any region runs its challenges on every core (its prefix, as in
// update_record.hpp, is one thread's work).
#pragma once

#include <memory>
#include <memory_resource>

#include "circuit/compact_witness.hpp"
#include "circuit/update/update_inputs.hpp"

namespace cuzk::circuit::update {

// The witness's containers are allocated from `memory` (none: the default resource), on the
// calling thread. Throws cuzk::Error for inputs the circuit refuses (validate, a missing value, a
// new label that is not the encoding), or a challenge that does not end at the counts challenge 0
// has.
CompactWitness update_witness(const UpdateCircuit& circuit,
                              std::shared_ptr<std::pmr::memory_resource> memory = nullptr);

}  // namespace cuzk::circuit::update
