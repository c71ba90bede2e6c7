// TEST ONLY: Groth16 parameters for a registered seal proof's circuit from locally drawn toxic
// waste (prover/toxic_waste.hpp). Whoever ran the setup could forge proofs with them; they let a
// machine without Filecoin's published parameters prove and verify test sectors end to end.
// Real parameters come from the phase-2 MPC and are read from the published .params files.
//
// The files get Filecoin's names, so that provers find them; a note named <stem>.TEST-ONLY.txt
// beside them says what they are.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "porep/registered_proof.hpp"
#include "prover/parameters.hpp"
#include "prover/seal/backend_choice.hpp"
#include "prover/seal/parameter_files.hpp"
#include "prover/setup_scalars.hpp"
#include "prover/test_setup.hpp"

namespace cuzk::prover::seal {

// Records the proof's partition circuit (stacked::record_partition_shape) and runs the CPU setup
// in memory. For 2 KiB: 2.69 M constraints, a 2^22 domain.
Parameters generate_seal_test_parameters(porep::RegisteredSealProof proof, const ToxicWaste& waste);

// Writes the .params file, then the .vk file, each atomically (whole or not at all).
void write_parameter_files(const ParameterPaths& paths, const Parameters& params);

// The note beside test parameters: <stem>.TEST-ONLY.txt in the same directory.
std::filesystem::path test_only_note(const ParameterPaths& paths);

// Where a setup runs: kAuto is the GPU when one is usable, else the CPU; kGpu without a usable
// GPU throws cuzk::Error saying why (never a silent fallback).
SetupDevice choose_setup_device(BackendKind kind);

struct TestSetupReport {
  VectorLengths lengths;
  ParameterFileSizes sizes;
  // Wall-clock seconds: "record" (the circuit), "scalars" (QAP and powers of tau), "write"
  // (fixed-base products, encoding and the files, fsync included).
  std::vector<std::pair<std::string, double>> phases;
};

// One line per step, for progress output.
using SetupLog = std::function<void(const std::string&)>;

// Streams TEST ONLY parameters for `proof` into `paths` on `device`: records the partition
// circuit, checks that the directory has room for both files (cuzk::Error naming what is free
// and what is needed otherwise), writes the TEST-ONLY note, computes the setup's scalars and
// writes .params then .vk (prover/parameter_writer.hpp). On a failure the note is removed again
// and no partial file is left.
TestSetupReport write_seal_test_parameters(porep::RegisteredSealProof proof,
                                           const ToxicWaste& waste, const ParameterPaths& paths,
                                           SetupDevice device, const SetupLog& log);

}  // namespace cuzk::prover::seal
