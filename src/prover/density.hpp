// Which variables take part in a query: one bit per variable, set when the variable occurs with a
// non-zero coefficient in that slot (A or B) of some constraint. bellperson's parameter vectors
// a, b_g1, b_g2 hold points only for set bits, in variable order, so the k-th set bit pairs with
// the k-th point. The bitmap is the one ProvingCS fills during synthesis.
#pragma once

#include "circuit/bit_vector.hpp"

namespace cuzk::prover {

using DensityBitmap = circuit::BitVector;

}  // namespace cuzk::prover
