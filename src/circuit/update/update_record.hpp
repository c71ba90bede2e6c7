// The compact R1CS (compact_r1cs.hpp) of one EmptySectorUpdate partition, recorded once per
// registered update proof for the GPU path and the CPU prover: the whole partition's matrices,
// bellperson's `Input(i)·0 = 0` row per input last and the prover's densities, exactly what one
// ShapeCS over synthesize(cs, blank circuit) followed by those rows records (the same rows, terms
// and coefficient ids), so it stands wherever stacked::record_partition(shape).r1cs does.
//
// The prefix and challenge 0 are recorded on the calling thread by the system whose arrays become
// the result's (reserved for the whole partition at the registered sizes, update_layout.hpp's
// known totals); challenge 0 measures the block (update_layout.hpp). The other challenges run on
// the OpenMP threads, each recorded by a ShapeCS that starts at its block's counts and is checked
// to end where the layout says, then copied into place with its coefficient ids mapped to the
// table of the prefix and challenge 0, and freed: besides the result only the blocks in flight
// are held. Called inside a parallel region the loop runs on the calling thread alone (OpenMP's
// default for nested regions).
//
// The prefix (at 8 MiB 5.9 M of 10 M constraints: the apex tree's 127 SHA-256 hashes; 10 % at
// 512 MiB, 7 % at 32 GiB) is one thread's work.
#pragma once

#include "circuit/compact_r1cs.hpp"
#include "circuit/update/update_shape.hpp"

namespace cuzk::circuit::update {

// Throws cuzk::Error for a shape the circuit refuses, or a challenge that does not end at the
// counts challenge 0 has (a structure that would depend on the challenge).
CompactR1cs record_update_partition(const UpdateShape& shape);

}  // namespace cuzk::circuit::update
