// Verification of a sealed sector's PoRep proof as filecoin-proofs' verify_seal does it
// (api/seal.rs): replica_id is recomputed from the prover id, sector id, ticket, comm_d and the
// porep_id (the registered proof's, or a network's own: porep::PorepOverrides); each partition's
// challenges come from replica_id, comm_r and the seed; the partition proofs (192 bytes each,
// concatenated in partition order) are checked against their public inputs in one batch.
//
// Non-interactive PoRep is checked on its unaggregated partition proofs (what
// seal_commit_phase2_circuit_proofs returns); SnarkPack aggregates are not supported.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "porep/domain.hpp"
#include "porep/public_inputs.hpp"
#include "porep/registered_proof.hpp"
#include "porep/replica_id.hpp"
#include "prover/proof.hpp"
#include "prover/verifier.hpp"

namespace cuzk::prover::seal {

// What a chain verifier knows about a sealed sector.
struct SealStatement {
  porep::RegisteredSealProof proof{};
  porep::Domain comm_r{};
  porep::Domain comm_d{};
  porep::ProverId prover_id{};
  std::uint64_t sector_id = 0;
  porep::Domain ticket{};
  porep::Domain seed{};
  porep::PorepOverrides overrides{};  // a network's own porep_id or API version; empty on mainnet
};

// The circuit's public values with replica_id recomputed. Throws cuzk::Error, as verify_seal's
// checks do, for a zero comm_d or comm_r or one that is not a canonical field element.
porep::SealPublicValues seal_public_values(const SealStatement& statement);

// Public inputs of every partition, k = 0..P-1 (porep::partition_public_inputs), with the graph
// and challenges of porep_config(proof, overrides); no overrides means mainnet's.
std::vector<std::vector<Fr>> seal_public_inputs(porep::RegisteredSealProof proof,
                                                const porep::SealPublicValues& values,
                                                const porep::PorepOverrides& overrides = {});

// Throws cuzk::Error unless `proof_bytes` is 192 bytes for each of the proof's partitions.
void check_proof_size(porep::RegisteredSealProof proof, std::size_t proof_bytes);

// Throws cuzk::Error unless the key has the proof's public-input count (39 for the test sizes,
// 327 for 32 and 64 GiB, ONE excluded): a key of another circuit is a usage mistake, not an
// invalid proof.
void check_verifying_key(const PreparedVerifyingKey& pvk, porep::RegisteredSealProof proof);

// Whether the partition proofs are valid for these public values. Throws cuzk::Error if the
// number of proofs is not the proof's partition count or the key does not fit.
bool verify_seal_proofs(const PreparedVerifyingKey& pvk, porep::RegisteredSealProof proof,
                        const porep::PorepOverrides& overrides,
                        const porep::SealPublicValues& values, std::span<const Proof> proofs);

using SealVerdict = ProofVerdict;

// From the proof bytes. A length other than 192 x partitions, a bad statement or a key of
// another circuit throws cuzk::Error; bytes that are not points of the groups make the proof
// invalid, as does a failed pairing check.
SealVerdict verify_seal(const PreparedVerifyingKey& pvk, const SealStatement& statement,
                        std::span<const std::uint8_t> proof_bytes);

}  // namespace cuzk::prover::seal
