// PoRep C2's sector for the GPU proving session (session_sector.hpp): the C1's vanilla proofs,
// checked natively (sealing::check_c1) with the replica_id of the sector when it is known, the
// partitions' circuits built from the C1, and the proofs verified as verify_seal would.
#pragma once

#include <memory>
#include <optional>

#include "pipeline/session_sector.hpp"
#include "porep/c1_output.hpp"
#include "porep/registered_proof.hpp"
#include "sealing/c1_validator.hpp"

namespace cuzk::pipeline {

// The session's circuit for a registered seal proof: its partition shape and parameter lengths.
SessionCircuit porep_session_circuit(porep::RegisteredSealProof proof);

class PorepSector final : public SessionSector {
 public:
  PorepSector(std::shared_ptr<const porep::C1Output> c1,
              std::optional<sealing::ProverSector> sector, bool verify)
      : c1_(std::move(c1)), sector_(sector), verify_(verify) {}

  std::uint32_t partitions() const override { return c1_->partitions; }
  void check() const override;
  std::vector<circuit::stacked::StackedCircuit> circuits() const override;
  bool verify(const prover::VerifyingKey& vk, std::span<const prover::Proof> proofs,
              const std::string& params_name) const override;

 private:
  std::shared_ptr<const porep::C1Output> c1_;
  std::optional<sealing::ProverSector> sector_;
  bool verify_;
};

}  // namespace cuzk::pipeline
