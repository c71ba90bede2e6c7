// A sector whose input is read, as both sector provers (sector_prover.hpp) take it: what the GPU
// session needs of it (session_sector.hpp), plus the registered proof it is of and its proof on
// the CPU, whole. PorepSector (porep_sector.hpp) is PoRep C2's, UpdateSector (update_sector.hpp)
// a SnapDeals update's.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "pipeline/circuit_kind.hpp"
#include "pipeline/session_sector.hpp"
#include "prover/backend.hpp"
#include "prover/params/parameters.hpp"
#include "prover/proof.hpp"
#include "prover/seal/seal_prover.hpp"

namespace cuzk::pipeline {

struct CpuProvingOptions {
  prover::seal::ProveObserver* observer = nullptr;  // the phases, as prove_seal reports them
  // PoRep's partitions synthesized and proved together; an update proves one at a time.
  std::uint32_t partitions_per_batch = prover::seal::kDefaultPartitionsPerBatch;
};

// A sector proved on the CPU: its proofs and the seconds of prove_seal's phases (prove_update
// reports in the same ones).
struct CpuSectorProof {
  std::vector<prover::Proof> proofs;  // one per partition, in order
  bool verified = false;              // false only when verification was turned off
  std::array<double, prover::seal::kSealPhaseCount> seconds{};  // indexed by SealPhase
};

class ProvableSector : public SessionSector {
 public:
  virtual CircuitKind kind() const = 0;  // the registered proof its input is of
  // Checks, synthesizes, proves and (unless turned off) verifies every partition on the CPU.
  // Throws cuzk::Error as the check, the synthesis or the verification fails, and ParamsError
  // for parameters of another circuit.
  virtual CpuSectorProof prove_on_cpu(const prover::ParameterSource& params,
                                      prover::ProverBackend& backend,
                                      const CpuProvingOptions& options) const = 0;
};

}  // namespace cuzk::pipeline
