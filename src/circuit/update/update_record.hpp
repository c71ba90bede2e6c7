// The compact R1CS (compact_r1cs.hpp) of one EmptySectorUpdate partition, recorded once per
// registered update proof for the GPU path and the CPU prover: the whole partition's matrices,
// bellperson's `Input(i)·0 = 0` row per input last and the prover's densities, exactly what one
// ShapeCS over synthesize(cs, blank circuit) followed by those rows records (the same rows, terms
// and coefficient ids), so it stands wherever stacked::record_partition(shape).r1cs does.
//
// The prefix is recorded on the calling thread, then the challenges (update_layout.hpp) on the
// OpenMP threads, each by a ShapeCS that starts at its block's counts, then the blocks are joined:
// their rows copied into place and their coefficient ids mapped to one table interned in circuit
// order. Called inside a parallel region the loops run on the calling thread alone (OpenMP's
// default for nested regions).
#pragma once

#include "circuit/compact_r1cs.hpp"
#include "circuit/update/update_shape.hpp"

namespace cuzk::circuit::update {

// Throws cuzk::Error for a shape the circuit refuses, or a challenge that does not end at the
// counts challenge 0 has (a structure that would depend on the challenge).
CompactR1cs record_update_partition(const UpdateShape& shape);

}  // namespace cuzk::circuit::update
