// The update proof's randomness (storage-proofs-update vanilla.rs `phi`, `rho`, and the digests
// challenges.rs derives challenges from). All three are Poseidon of arity 2 with Standard round
// constants but neptune's custom domain tag HashType::Custom(CType::Arbitrary(1)), i.e. 1 * 2^40,
// so no digest can be mistaken for a TreeR node (whose arity-2 tag is 2^2 - 1).
#pragma once

#include <cstdint>

#include "bls12_381/fields.hpp"
#include "porep/domain.hpp"

namespace cuzk::porep::update {

using bls12_381::Fr;

// Poseidon([a, b]) under the gen-randomness tag (constants.rs POSEIDON_CONSTANTS_GEN_RANDOMNESS).
Fr gen_randomness_hash(const Fr& a, const Fr& b);

// phi = H(comm_d_new, comm_r_old): the sector's encoding key. comm_d_new is a SHA-256 root whose
// top two bits are clear, comm_r_old a Poseidon root; both must be canonical Fr encodings
// (throws cuzk::Error naming the value otherwise).
Domain phi(const Domain& comm_d_new, const Domain& comm_r_old);

// rho(high) = H(phi, high): the factor the new data of every node whose top h index bits are
// `high` is multiplied by.
Fr rho(const Domain& phi, std::uint32_t high);

}  // namespace cuzk::porep::update
