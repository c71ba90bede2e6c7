#include "pipeline/porep_sector.hpp"

#include <string>

#include "circuit/stacked/circuit_inputs.hpp"
#include "prover/params/parameter_files.hpp"
#include "prover/seal/seal_prover.hpp"

namespace cuzk::pipeline {

SessionCircuit porep_session_circuit(porep::RegisteredSealProof proof) {
  return {std::string(porep::seal_proof_info(proof).name), circuit::stacked::circuit_shape(proof),
          prover::expected_parameter_lengths(proof)};
}

void PorepSector::check() const { sealing::check_c1(*c1_, sector_); }

std::vector<circuit::stacked::StackedCircuit> PorepSector::circuits() const {
  std::vector<circuit::stacked::StackedCircuit> out;
  out.reserve(c1_->partitions);
  for (std::uint32_t k = 0; k < c1_->partitions; ++k) {
    out.push_back(circuit::stacked::circuit_from_c1(*c1_, k));
  }
  return out;
}

bool PorepSector::verify(const prover::VerifyingKey& vk, std::span<const prover::Proof> proofs,
                         const std::string& params_name) const {
  if (!verify_) return false;
  prover::seal::verify_new_proofs(*c1_, vk, sector_, proofs, params_name);
  return true;
}

}  // namespace cuzk::pipeline
