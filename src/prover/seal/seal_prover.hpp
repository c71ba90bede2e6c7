// C2 for one sector: from a parsed C1 output to the partition proofs, as filecoin-proofs'
// seal_commit_phase2 does it. In order:
//  1. check   - every vanilla proof of the C1 natively (sealing::check_c1), and replica_id against
//               the prover and sector ids when they are known, before any proving time is spent;
//  2. synthesize - the partition circuit's shape recorded once per run (stacked::record_partition),
//               the batch's witnesses made natively (stacked::native_witnesses, every thread on
//               every partition), and each partition's a, b, c evaluated from the recorded rows on
//               every thread, every row checked (a witness that does not satisfy the circuit
//               fails here, by constraint number, and no proof is made);
//  3. prove   - the batch in one create_proofs call: the quotient and the MSMs (fresh OS-random
//               r, s per proof);
//  4. verify  - all partition proofs at once, as verify_seal would (unless turned off).
// Steps 2 and 3 repeat per batch of at most `partitions_per_batch` partitions, so the host never
// holds more than one batch's witnesses and evaluations (bellperson proves at most 10 circuits per
// call). The generic path (ProvingCS, prover.hpp) stays the reference the tests compare with.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "porep/c1_output.hpp"
#include "prover/backend.hpp"
#include "prover/params/parameters.hpp"
#include "prover/proof.hpp"
#include "sealing/c1_validator.hpp"

namespace cuzk::prover::seal {

enum class SealPhase : std::uint8_t { kCheck, kSynthesize, kProve, kVerify };
inline constexpr std::size_t kSealPhaseCount = 4;
std::string_view phase_name(SealPhase phase);  // "check", "synthesize", "prove", "verify"

// Told what the prover is doing, for progress output. Calls never overlap (those made from the
// parallel synthesis are serialized).
class ProveObserver {
 public:
  virtual ~ProveObserver() = default;
  // Partitions [first, first + count) of `total` enter the phase (the whole sector for check
  // and verify).
  virtual void phase_started(SealPhase phase, std::uint32_t first, std::uint32_t count,
                             std::uint32_t total) = 0;
  virtual void partition_done(SealPhase phase, std::uint32_t k, std::uint32_t total) = 0;
  // A step inside a phase took `seconds` (synthesis: "shape recorded", "witnesses made", "a, b, c
  // evaluated and checked"), for verbose output; ignored unless overridden.
  virtual void step_done(SealPhase /*phase*/, std::string_view /*step*/, double /*seconds*/) {}
};

// bellperson's MAX_GROTH16_BATCH_SIZE (compound_proof.rs): circuits proved in one call.
inline constexpr std::uint32_t kDefaultPartitionsPerBatch = 10;

struct ProveSealOptions {
  // Who sealed the sector. When known, the C1's replica_id is checked against it and the proof is
  // verified against the recomputed replica_id; otherwise against the C1's replica_id.
  std::optional<sealing::ProverSector> sector;
  bool verify = true;
  std::uint32_t partitions_per_batch = kDefaultPartitionsPerBatch;
  ProveObserver* observer = nullptr;
};

struct SealProofResult {
  std::vector<Proof> proofs;  // one per partition, in partition order
  bool verified = false;      // false only when verification was turned off
  // Wall-clock seconds per phase, indexed by SealPhase, summed over batches.
  std::array<double, kSealPhaseCount> seconds{};
};

// Self-verification of freshly made proofs, as verify_seal would check them: against the
// replica_id recomputed from the prover and sector ids when known, else the C1's. Throws
// cuzk::Error naming `params_name` when they fail (a proof that fails is never to be written).
void verify_new_proofs(const porep::C1Output& c1, const VerifyingKey& vk,
                       const std::optional<sealing::ProverSector>& sector,
                       std::span<const Proof> proofs, const std::string& params_name);

// Throws cuzk::Error for a C1 that fails the check, parameters of another circuit
// (ParamsError kWrongCircuit), or proofs that fail self-verification; nothing is returned then.
SealProofResult prove_seal(const porep::C1Output& c1, const ParameterSource& params,
                           ProverBackend& backend, const ProveSealOptions& options);

}  // namespace cuzk::prover::seal
