// The Poseidon hash that EmptySectorUpdate (SnapDeals) derives its randomness with: arity 2,
// Standard strength, and neptune's HashType::Custom(CType::Arbitrary(1)) in place of the MerkleTree
// tag (storage-proofs-update constants.rs, POSEIDON_CONSTANTS_GEN_RANDOMNESS). It gives
// phi = H(comm_d_new, comm_r_old), rho = H(phi, high bits of a node index) and the challenge
// digests H(comm_r_new, digest index); the circuit needs the constants themselves (its R1CS
// coefficients), the native side (porep/update/randomness.hpp) only the hash.
#pragma once

#include <cstdint>

#include "bls12_381/fields.hpp"
#include "hashers/poseidon_constants.hpp"

namespace cuzk::hashers::poseidon {

// neptune's custom domain tag: id·2^40, for 1 <= id <= 256 (CType::domain_tag).
bls12_381::Fr custom_domain_tag(std::uint64_t id);

// The arity-2 constants with custom tag 1. The round constants and matrices depend only on the
// width and the strength, so they equal the MerkleTree arity-2 ones; only the tag differs.
const PoseidonConstants& gen_randomness_constants();

}  // namespace cuzk::hashers::poseidon
