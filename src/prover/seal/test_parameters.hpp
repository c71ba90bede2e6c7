// TEST ONLY: Groth16 parameters for a registered seal proof's circuit from locally drawn toxic
// waste (prover/toxic_waste.hpp). Whoever ran the setup could forge proofs with them; they let a
// machine without Filecoin's published parameters prove and verify small test sectors end to end.
// Real parameters come from the phase-2 MPC and are read from the published .params files.
#pragma once

#include "porep/registered_proof.hpp"
#include "prover/parameters.hpp"
#include "prover/seal/parameter_files.hpp"
#include "prover/test_setup.hpp"

namespace cuzk::prover::seal {

// Records the proof's partition circuit (stacked::record_partition_shape) and runs the CPU setup
// in memory. For 2 KiB: 2.69 M constraints, a 2^22 domain.
Parameters generate_seal_test_parameters(porep::RegisteredSealProof proof, const ToxicWaste& waste);

// Writes the .params file, then the .vk file, each atomically (whole or not at all).
void write_parameter_files(const ParameterPaths& paths, const Parameters& params);

}  // namespace cuzk::prover::seal
