// Verification of a SnapDeals update proof as filecoin-proofs' verify_empty_sector_update_proof
// does it (api/update.rs, storage-proofs-update compound.rs): one Groth16 proof per partition,
// 192 bytes each, concatenated in partition order, each checked against its public inputs
// (porep/update/public_inputs.hpp: k with the default h's selector, comm_r_old, comm_d_new,
// comm_r_new), all partitions in one batch with the update circuit's verifying key.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "porep/domain.hpp"
#include "porep/update/update_input.hpp"
#include "porep/update/update_proof.hpp"
#include "prover/proof.hpp"
#include "prover/verifier.hpp"

namespace cuzk::prover::update {

// What a chain verifier knows about an updated sector.
struct UpdateCommitments {
  porep::update::RegisteredUpdateProof proof{};
  porep::Domain comm_r_old{};
  porep::Domain comm_d_new{};
  porep::Domain comm_r_new{};
};

UpdateCommitments update_commitments(const porep::update::UpdateInput& input);

// Public inputs of every partition, k = 0..P-1. Throws cuzk::Error naming a commitment that is
// not a canonical field element.
std::vector<std::vector<Fr>> update_partition_inputs(const UpdateCommitments& commitments);

// Throws cuzk::Error unless `proof_bytes` is 192 bytes for each of the proof's partitions.
void check_update_proof_size(porep::update::RegisteredUpdateProof proof, std::size_t proof_bytes);

// Throws cuzk::Error unless the key has the update circuit's four public inputs.
void check_update_verifying_key(const PreparedVerifyingKey& pvk,
                                porep::update::RegisteredUpdateProof proof);

// Whether the partition proofs are valid for these commitments. Throws cuzk::Error if the number
// of proofs is not the partition count or the key does not fit.
bool verify_update_proofs(const PreparedVerifyingKey& pvk, const UpdateCommitments& commitments,
                          std::span<const Proof> proofs);

// From the proof bytes, as seal::verify_seal decides: what cannot be checked (a length other
// than 192 x partitions, a commitment outside Fr, a key of another circuit) throws cuzk::Error;
// bytes that are not points of the groups, or a failed pairing check, are an invalid proof.
ProofVerdict verify_update(const PreparedVerifyingKey& pvk, const UpdateCommitments& commitments,
                           std::span<const std::uint8_t> proof_bytes);

}  // namespace cuzk::prover::update
