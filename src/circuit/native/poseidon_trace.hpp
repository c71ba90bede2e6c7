// neptune's legacy Poseidon circuit (poseidon/poseidon_gadget.hpp) computed natively: the value of
// every variable it allocates, in its order. Per S-box that is its input (allocated because the
// state element is a combination, except in the first round, where the preimage is used as is and
// the domain tag is folded), x^2, x^4 and x^5 plus the key; then the digest.
#pragma once

#include <span>

#include "circuit/native/aux_writer.hpp"
#include "hashers/poseidon_constants.hpp"

namespace cuzk::circuit::native {

// Writes 4(t R_F + R_P) - t - 2 values (311 for arity 2, 505 for 8, 598 for 11) and returns the
// digest. preimage.size() must be the arity (std::invalid_argument otherwise).
Fr poseidon_trace(AuxWriter& out, std::span<const Fr> preimage,
                  const hashers::poseidon::PoseidonConstants& constants);

// A node of a Poseidon Merkle tree (merkle::PoseidonMerkleHasher): the Standard constants of arity
// children.size() (2, 4, 8, 11, 16, 24 or 36; std::invalid_argument otherwise).
Fr poseidon_node_trace(AuxWriter& out, std::span<const Fr> children);

}  // namespace cuzk::circuit::native
