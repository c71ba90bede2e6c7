#include "prover/seal/seal_verifier.hpp"

#include <string>

#include "porep/graph.hpp"
#include "util/error.hpp"

namespace cuzk::prover::seal {

namespace {

void check_commitment(const porep::Domain& d, const char* name) {
  if (porep::is_zero(d)) throw Error(std::string("invalid all-zero commitment (") + name + ")");
  if (!porep::is_canonical_fr(d)) {
    throw Error(std::string(name) + " is not a canonical field element (not below the modulus)");
  }
}

}  // namespace

porep::SealPublicValues seal_public_values(const SealStatement& s) {
  check_commitment(s.comm_d, "comm_d");
  check_commitment(s.comm_r, "comm_r");
  const porep::Domain replica_id =
      porep::replica_id(s.prover_id, s.sector_id, s.ticket, s.comm_d,
                        porep::porep_config(s.proof, s.overrides).porep_id);
  return {replica_id, s.comm_d, s.comm_r, s.seed};
}

std::vector<std::vector<Fr>> seal_public_inputs(porep::RegisteredSealProof proof,
                                                const porep::SealPublicValues& values,
                                                const porep::PorepOverrides& overrides) {
  const porep::PorepConfig config = porep::porep_config(proof, overrides);
  const porep::StackedGraph graph(config);
  std::vector<std::vector<Fr>> inputs(config.partitions);
  for (std::uint32_t k = 0; k < config.partitions; ++k) {
    inputs[k] = porep::partition_public_inputs(config, graph, values, k);
  }
  return inputs;
}

void check_proof_size(porep::RegisteredSealProof proof, std::size_t proof_bytes) {
  const porep::SealProofInfo& info = porep::seal_proof_info(proof);
  check_proof_bytes(proof_bytes, info.partitions, info.name);
}

void check_verifying_key(const PreparedVerifyingKey& pvk, porep::RegisteredSealProof proof) {
  const porep::SealProofInfo& info = porep::seal_proof_info(proof);
  check_public_input_count(pvk, info.public_input_count(), info.name);
}

bool verify_seal_proofs(const PreparedVerifyingKey& pvk, porep::RegisteredSealProof proof,
                        const porep::PorepOverrides& overrides,
                        const porep::SealPublicValues& values, std::span<const Proof> proofs) {
  check_verifying_key(pvk, proof);
  const porep::SealProofInfo& info = porep::seal_proof_info(proof);
  if (proofs.size() != info.partitions) {
    throw Error(std::string(info.name) + " has " + std::to_string(info.partitions) +
                " partitions, but " + std::to_string(proofs.size()) + " proofs were given");
  }
  const auto inputs = seal_public_inputs(proof, values, overrides);
  return verify_proofs_batch(pvk, proofs, inputs);
}

SealVerdict verify_seal(const PreparedVerifyingKey& pvk, const SealStatement& statement,
                        std::span<const std::uint8_t> proof_bytes) {
  check_proof_size(statement.proof, proof_bytes.size());
  const porep::SealPublicValues values = seal_public_values(statement);
  check_verifying_key(pvk, statement.proof);
  auto proofs = decode_proofs(proof_bytes);
  if (!proofs) return {false, proofs.error()};
  if (!verify_seal_proofs(pvk, statement.proof, statement.overrides, values, *proofs)) {
    return {false, "the pairing check failed"};
  }
  return {true, {}};
}

}  // namespace cuzk::prover::seal
