// A SnapDeals update proof's sector for both sector provers (provable_sector.hpp): the update
// input's vanilla proofs checked natively (prover::update::check_update_input); on the GPU every
// partition's circuit built from its vanilla proof (update::circuit_from_vanilla) and its witness
// made natively in the recorded R1CS's layout (update::native_update_witness), the partitions on
// the OpenMP threads; on the CPU prover::update::prove_update; the proofs verified against the
// input's commitments.
#pragma once

#include <memory>

#include "pipeline/provable_sector.hpp"
#include "porep/update/update_input.hpp"

namespace cuzk::pipeline {

// The session's circuit for a registered update proof: its partition shape. The parameters'
// lengths are checked once the shape is recorded (no table of them is kept).
SessionCircuit update_session_circuit(porep::update::RegisteredUpdateProof proof);

class UpdateSector final : public ProvableSector {
 public:
  UpdateSector(std::shared_ptr<const porep::update::UpdateInput> input, bool verify)
      : input_(std::move(input)), verify_(verify) {}

  std::uint32_t partitions() const override { return input_->info().partitions; }
  void check() const override;
  // Throws cuzk::Error for a layout of another circuit than the update's.
  void witnesses(const WitnessLayout& layout, const WitnessMemory& memory,
                 const WitnessReady& ready, BackgroundRelease& release) const override;
  bool verify(const prover::VerifyingKey& vk, std::span<const prover::Proof> proofs,
              const std::string& params_name) const override;

  CircuitKind kind() const override { return input_->proof; }
  CpuSectorProof prove_on_cpu(const prover::ParameterSource& params, prover::ProverBackend& backend,
                              const CpuProvingOptions& options) const override;

 private:
  std::shared_ptr<const porep::update::UpdateInput> input_;
  bool verify_;
};

}  // namespace cuzk::pipeline
