#include "pipeline/update_sector.hpp"

#include <cstdint>
#include <exception>
#include <memory>
#include <memory_resource>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "circuit/update/from_vanilla.hpp"
#include "circuit/update/native_update_plan.hpp"
#include "circuit/update/native_update_witness.hpp"
#include "circuit/update/update_shape.hpp"
#include "prover/update/update_prover.hpp"
#include "util/error.hpp"

namespace cuzk::pipeline {

namespace {

// The witness's counts against the recorded R1CS's: the GPU reads the witness by them.
void check_witness_size(const circuit::CompactWitness& w, const circuit::CircuitSize& size,
                        std::size_t k) {
  if (w.inputs.size() != size.num_inputs || w.num_aux != size.num_aux) {
    throw Error("update partition " + std::to_string(k) + ": a witness of " +
                std::to_string(w.inputs.size()) + " inputs and " + std::to_string(w.num_aux) +
                " aux values for a recorded R1CS of " + std::to_string(size.num_inputs) + " and " +
                std::to_string(size.num_aux));
  }
}

}  // namespace

SessionCircuit update_session_circuit(porep::update::RegisteredUpdateProof proof) {
  return {circuit_name(proof), circuit::update::update_shape(proof), std::nullopt};
}

void UpdateSector::check() const { prover::update::check_update_input(*input_); }

void UpdateSector::witnesses(const WitnessLayout& layout, const WitnessMemory& memory,
                             const WitnessReady& ready, BackgroundRelease&) const {
  const auto* size = std::get_if<circuit::CircuitSize>(&layout);
  if (size == nullptr) throw Error("update sector: the recorded shape is not an update circuit's");
  // The plan (TreeD's SHA-256 program and the stretches' ranges) is the same for every partition.
  const circuit::update::NativeUpdateWitnessPlan plan(circuit::update::update_shape(input_->proof));
  const std::int64_t count = partitions();
  std::vector<std::shared_ptr<std::pmr::memory_resource>> heaps(count);
  for (std::int64_t k = 0; k < count; ++k) {
    if (memory) heaps[k] = memory(k);
  }
  std::vector<std::exception_ptr> errors(count);
  // One partition a thread; each partition's own challenges then run on its thread alone
  // (native_update_witness.hpp). A single partition (2 KiB) is made outside the loop's region, so
  // that its challenges have every thread.
#pragma omp parallel for schedule(dynamic, 1) if (count > 1)
  for (std::int64_t k = 0; k < count; ++k) {
    try {
      const circuit::update::UpdateCircuit circuit = circuit::update::circuit_from_vanilla(
          input_->statement(static_cast<std::uint32_t>(k)), input_->partitions[k]);
      circuit::CompactWitness w =
          circuit::update::native_update_witness(plan, circuit, std::move(heaps[k]));
      check_witness_size(w, *size, k);
      ready(k, std::move(w));
    } catch (...) {
      errors[k] = std::current_exception();
    }
  }
  for (const std::exception_ptr& e : errors) {
    if (e) std::rethrow_exception(e);
  }
}

bool UpdateSector::verify(const prover::VerifyingKey& vk, std::span<const prover::Proof> proofs,
                          const std::string& params_name) const {
  if (!verify_) return false;
  prover::update::verify_new_update_proofs(*input_, vk, proofs, params_name);
  return true;
}

CpuSectorProof UpdateSector::prove_on_cpu(const prover::ParameterSource& params,
                                          prover::ProverBackend& backend,
                                          const CpuProvingOptions& options) const {
  prover::update::UpdateProofResult result =
      prover::update::prove_update(*input_, params, backend, {verify_, options.observer});
  return {std::move(result.proofs), result.verified, result.seconds};
}

}  // namespace cuzk::pipeline
