#include "pipeline/porep_sector.hpp"

#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "circuit/stacked/circuit_inputs.hpp"
#include "circuit/stacked/native_witness.hpp"
#include "prover/params/parameter_files.hpp"
#include "prover/seal/seal_prover.hpp"
#include "util/error.hpp"

namespace cuzk::pipeline {

SessionCircuit porep_session_circuit(porep::RegisteredSealProof proof) {
  return {std::string(porep::seal_proof_info(proof).name), circuit::stacked::circuit_shape(proof),
          prover::expected_parameter_lengths(proof)};
}

void PorepSector::check() const { sealing::check_c1(*c1_, sector_); }

void PorepSector::witnesses(const WitnessLayout& layout, const WitnessMemory& memory,
                            const WitnessReady& ready, BackgroundRelease& release) const {
  const auto* blocks = std::get_if<circuit::stacked::PartitionLayout>(&layout);
  if (blocks == nullptr) throw Error("PoRep sector: the recorded shape is not a StackedDRG one");
  std::vector<circuit::stacked::StackedCircuit> circuits;
  circuits.reserve(c1_->partitions);
  for (std::uint32_t k = 0; k < c1_->partitions; ++k) {
    circuits.push_back(circuit::stacked::circuit_from_c1(*c1_, k));
  }
  const circuit::stacked::NativeWitnessPlan plan(circuits.front().shape);
  circuit::stacked::native_witnesses(circuits, *blocks, plan, ready, memory);
  release.release(std::move(circuits));
}

bool PorepSector::verify(const prover::VerifyingKey& vk, std::span<const prover::Proof> proofs,
                         const std::string& params_name) const {
  if (!verify_) return false;
  prover::seal::verify_new_proofs(*c1_, vk, sector_, proofs, params_name);
  return true;
}

CpuSectorProof PorepSector::prove_on_cpu(const prover::ParameterSource& params,
                                         prover::ProverBackend& backend,
                                         const CpuProvingOptions& options) const {
  prover::seal::ProveSealOptions o;
  o.sector = sector_;
  o.verify = verify_;
  o.partitions_per_batch = options.partitions_per_batch;
  o.observer = options.observer;
  prover::seal::SealProofResult result = prover::seal::prove_seal(*c1_, params, backend, o);
  return {std::move(result.proofs), result.verified, result.seconds};
}

}  // namespace cuzk::pipeline
