// TEST ONLY: Groth16 parameters for a registered seal proof's circuit from locally drawn toxic
// waste (prover/test_setup.hpp). Whoever ran the setup could forge proofs with them; they let a
// machine without Filecoin's published parameters prove and verify small test sectors end to end.
// Real parameters come from the phase-2 MPC and are read from the published .params files.
#pragma once

#include "porep/registered_proof.hpp"
#include "prover/parameters.hpp"
#include "prover/seal/parameter_files.hpp"
#include "prover/test_setup.hpp"
#include "util/atomic_file.hpp"
#include "util/file_lock.hpp"

namespace cuzk::prover::seal {

// Synthesizes the proof's blank partition circuit into a KeypairAssembly and runs the setup.
// For 2 KiB: 2.69 M constraints, a 2^22 domain.
Parameters generate_seal_test_parameters(porep::RegisteredSealProof proof, const ToxicWaste& waste);

// Writes one set of test parameter files: the .params, the .vk and the marker that names both as
// test-only (test_parameter_marker.hpp). One writer of a set at a time: two processes that write
// the same set one after the other never leave a .params and a .vk of different setups.
class TestParameterWriter {
 public:
  // Waits for the set's lock (<stem>.lock beside the files), then opens the three temporary files,
  // so that a missing or read-only directory fails here, before a long setup. Throws cuzk::Error.
  explicit TestParameterWriter(const ParameterPaths& paths);

  // Whether the .params or the .vk already exists (seen under the lock).
  bool exists() const;

  // Writes the three files, then renames each into place: the marker first, so that no .params
  // or .vk of this setup is ever in place unmarked. Each file is whole or absent (AtomicFile).
  void write(const Parameters& params);

 private:
  ParameterPaths paths_;
  FileLock lock_;
  AtomicFile params_;
  AtomicFile vk_;
  AtomicFile marker_;
};

// TestParameterWriter(paths).write(params).
void write_parameter_files(const ParameterPaths& paths, const Parameters& params);

}  // namespace cuzk::prover::seal
