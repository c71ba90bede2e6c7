// PoRep C2's sector for both sector provers (provable_sector.hpp): the C1's vanilla proofs,
// checked natively (sealing::check_c1) with the replica_id of the sector when it is known; on the
// GPU the partitions' circuits built from the C1 and their witnesses made natively in the
// recorded blocks' layout (stacked::native_witnesses), on the CPU prove_seal; the proofs verified
// as verify_seal would.
#pragma once

#include <memory>
#include <optional>

#include "pipeline/provable_sector.hpp"
#include "porep/c1_output.hpp"
#include "porep/registered_proof.hpp"
#include "sealing/c1_validator.hpp"

namespace cuzk::pipeline {

// The session's circuit for a registered seal proof: its partition shape and parameter lengths.
SessionCircuit porep_session_circuit(porep::RegisteredSealProof proof);

class PorepSector final : public ProvableSector {
 public:
  PorepSector(std::shared_ptr<const porep::C1Output> c1,
              std::optional<sealing::ProverSector> sector, bool verify)
      : c1_(std::move(c1)), sector_(sector), verify_(verify) {}

  std::uint32_t partitions() const override { return c1_->partitions; }
  void check() const override;
  // Throws cuzk::Error for a layout of another circuit than StackedDRG's.
  void witnesses(const WitnessLayout& layout, const WitnessMemory& memory,
                 const WitnessReady& ready, BackgroundRelease& release) const override;
  bool verify(const prover::VerifyingKey& vk, std::span<const prover::Proof> proofs,
              const std::string& params_name) const override;

  CircuitKind kind() const override { return c1_->registered_proof; }
  CpuSectorProof prove_on_cpu(const prover::ParameterSource& params, prover::ProverBackend& backend,
                              const CpuProvingOptions& options) const override;

 private:
  std::shared_ptr<const porep::C1Output> c1_;
  std::optional<sealing::ProverSector> sector_;
  bool verify_;
};

}  // namespace cuzk::pipeline
