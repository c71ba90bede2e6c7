// A SnapDeals update proof for one sector on the CPU, as filecoin-proofs'
// generate_empty_sector_update_proof_with_vanilla makes it (api/update.rs, storage-proofs-update
// compound.rs): from the update input's vanilla proofs to one Groth16 proof per partition. In
// the phases of prove_seal (prover/seal/seal_prover.hpp), whose observer it reports to:
//  1. check   - every partition's vanilla proof natively (porep/update/verify_partition.hpp),
//               before any proving time is spent;
//  2. synthesize - partition k's circuit built from its vanilla proof
//               (circuit/update/from_vanilla.hpp) and synthesized in a ProvingCS;
//  3. prove   - its Groth16 proof with fresh OS-random r, s (prover/prover.hpp);
//  4. verify  - all partition proofs at once against the parameters' verifying key
//               (update_verifier.hpp), unless turned off.
// Steps 2 and 3 run one partition at a time, so the host holds one partition's ProvingCS.
#pragma once

#include <array>
#include <span>
#include <string>
#include <vector>

#include "porep/update/update_input.hpp"
#include "prover/backend.hpp"
#include "prover/params/parameters.hpp"
#include "prover/proof.hpp"
#include "prover/seal/seal_prover.hpp"

namespace cuzk::prover::update {

// The phases and their observer are prove_seal's: the command line's progress output and
// timings serve both proofs unchanged.
using seal::ProveObserver;
using seal::SealPhase;

struct ProveUpdateOptions {
  bool verify = true;
  ProveObserver* observer = nullptr;
};

struct UpdateProofResult {
  std::vector<Proof> proofs;  // one per partition, in partition order
  bool verified = false;      // false only when verification was turned off
  // Wall-clock seconds per phase, indexed by SealPhase, summed over partitions.
  std::array<double, seal::kSealPhaseCount> seconds{};
};

// Step 1: throws cuzk::Error unless the input holds one vanilla proof per partition and every one
// passes the native check (its one-line reason).
void check_update_input(const porep::update::UpdateInput& input);

// Throws cuzk::Error naming `params_name` unless the proofs verify for the input's commitments
// (a proof that fails is never to be written).
void verify_new_update_proofs(const porep::update::UpdateInput& input, const VerifyingKey& vk,
                              std::span<const Proof> proofs, const std::string& params_name);

// Throws cuzk::Error for a vanilla proof that fails the check (its one-line reason), parameters of
// another circuit (ParamsError kWrongCircuit), or proofs that fail self-verification.
UpdateProofResult prove_update(const porep::update::UpdateInput& input,
                               const ParameterSource& params, ProverBackend& backend,
                               const ProveUpdateOptions& options);

}  // namespace cuzk::prover::update
