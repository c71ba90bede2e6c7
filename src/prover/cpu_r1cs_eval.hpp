// The CPU prover's evaluation of a recorded circuit (circuit/compact_r1cs.hpp) over a compact
// witness (circuit/compact_witness.hpp): a = A·w, b = B·w, c = C·w for every row, what ProvingCS
// computes while synthesizing, without synthesizing. Rows are independent, so they are split over
// the OpenMP threads; a bit's term costs one addition of its coefficient (or nothing), so only the
// few wide values and the inputs are multiplied.
//
// Every row is checked (a·b = c), as the GPU prover does: a witness that does not satisfy the
// circuit is refused here, before any MSM, instead of yielding a proof that fails verification.
#pragma once

#include <vector>

#include "bls12_381/fields.hpp"
#include "circuit/compact_r1cs.hpp"
#include "circuit/compact_witness.hpp"

namespace cuzk::prover {

using bls12_381::Fr;

// One value per row of the recording (bellperson's input rows included), each vector with room for
// the quotient's domain so that padding it moves nothing.
struct RowEvaluations {
  std::vector<Fr> a, b, c;
};

// Throws cuzk::Error for a witness of another size than the recording's, or one that does not
// satisfy it: "the witness does not satisfy constraint N (K of M constraints unsatisfied)", N the
// first such row.
RowEvaluations evaluate_rows(const circuit::CompactR1cs& r, const circuit::CompactWitness& w);

}  // namespace cuzk::prover
