#include "prover/update/update_verifier.hpp"

#include <string>

#include "porep/update/public_inputs.hpp"
#include "util/error.hpp"

namespace cuzk::prover::update {

namespace pu = porep::update;

UpdateCommitments update_commitments(const pu::UpdateInput& input) {
  return {input.proof, input.comm_r_old, input.comm_d_new, input.comm_r_new};
}

std::vector<std::vector<Fr>> update_partition_inputs(const UpdateCommitments& c) {
  const std::uint32_t partitions = pu::update_proof_info(c.proof).partitions;
  std::vector<std::vector<Fr>> inputs;
  inputs.reserve(partitions);
  for (std::uint32_t k = 0; k < partitions; ++k) {
    const auto values = pu::update_public_inputs(
        pu::update_statement(c.proof, c.comm_r_old, c.comm_d_new, c.comm_r_new, k));
    inputs.emplace_back(values.begin(), values.end());
  }
  return inputs;
}

void check_update_proof_size(pu::RegisteredUpdateProof proof, std::size_t proof_bytes) {
  const pu::UpdateProofInfo& info = pu::update_proof_info(proof);
  check_proof_bytes(proof_bytes, info.partitions, info.name);
}

void check_update_verifying_key(const PreparedVerifyingKey& pvk, pu::RegisteredUpdateProof proof) {
  check_public_input_count(pvk, pu::kUpdatePublicInputCount, pu::update_proof_info(proof).name);
}

bool verify_update_proofs(const PreparedVerifyingKey& pvk, const UpdateCommitments& commitments,
                          std::span<const Proof> proofs) {
  check_update_verifying_key(pvk, commitments.proof);
  const pu::UpdateProofInfo& info = pu::update_proof_info(commitments.proof);
  if (proofs.size() != info.partitions) {
    throw Error(std::string(info.name) + " has " + std::to_string(info.partitions) +
                " partitions, but " + std::to_string(proofs.size()) + " proofs were given");
  }
  return verify_proofs_batch(pvk, proofs, update_partition_inputs(commitments));
}

ProofVerdict verify_update(const PreparedVerifyingKey& pvk, const UpdateCommitments& commitments,
                           std::span<const std::uint8_t> proof_bytes) {
  check_update_proof_size(commitments.proof, proof_bytes.size());
  check_update_verifying_key(pvk, commitments.proof);
  // Before decoding: a commitment outside Fr is a bad statement (an error), not an invalid proof.
  const auto inputs = update_partition_inputs(commitments);
  auto proofs = decode_proofs(proof_bytes);
  if (!proofs) return {false, proofs.error()};
  if (!verify_proofs_batch(pvk, *proofs, inputs)) return {false, "the pairing check failed"};
  return {true, {}};
}

}  // namespace cuzk::prover::update
