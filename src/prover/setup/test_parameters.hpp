// TEST ONLY: Groth16 parameters for a registered seal proof's circuit from locally drawn toxic
// waste (prover/setup/toxic_waste.hpp). Whoever ran the setup could forge proofs with them; they
// let a machine without Filecoin's published parameters prove and verify test sectors end to end.
// Real parameters come from the phase-2 MPC and are read from the published .params files.
//
// The files get Filecoin's names, so that provers find them; beside them a marker,
// <stem>.test-only, names them test-only with their digests (test_parameter_marker.hpp).
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "porep/registered_proof.hpp"
#include "porep/update/update_proof.hpp"
#include "prover/backend_kind.hpp"
#include "prover/params/parameter_files.hpp"
#include "prover/params/parameters.hpp"
#include "prover/setup/setup_scalars.hpp"
#include "prover/setup/test_setup.hpp"
#include "util/atomic_file.hpp"
#include "util/file_lock.hpp"
#include "util/work_meter.hpp"

namespace cuzk::prover {

// Records the proof's partition circuit (stacked::record_partition_shape) and runs the CPU setup
// in memory. For 2 KiB: 2.69 M constraints, a 2^22 domain.
Parameters generate_seal_test_parameters(porep::RegisteredSealProof proof, const ToxicWaste& waste);

// Writes one set of test parameter files: the .params, the .vk and the marker that names both as
// test-only. One writer of a set at a time: two processes that write the same set one after the
// other never leave a .params and a .vk of different setups.
class TestParameterWriter {
 public:
  // Waits for the set's lock (<stem>.lock beside the files), then opens the three temporary files,
  // so that a missing or read-only directory fails here, before a long setup. Throws cuzk::Error.
  explicit TestParameterWriter(const ParameterPaths& paths);

  // Whether the .params or the .vk already exists (seen under the lock).
  bool exists() const;
  const ParameterPaths& paths() const { return paths_; }

  // Writes parameters held in memory.
  void write(const Parameters& params);

  // For a setup that streams the .params (write_seal_test_parameters): its temporary file, then
  // the .vk's bytes and the .params' digest once every byte is in it.
  AtomicFile& params_file() { return params_; }
  void finish_streamed(std::span<const std::uint8_t> vk_bytes, const std::string& params_digest);

 private:
  // Writes the marker, then puts the marker, the .params and the .vk in place in that order, so
  // no .params or .vk of this setup is ever in place unmarked. Each file is whole or absent.
  void commit(std::span<const std::uint8_t> vk_bytes, const std::string& params_digest);

  ParameterPaths paths_;
  FileLock lock_;
  AtomicFile params_;
  AtomicFile vk_;
  AtomicFile marker_;
};

// TestParameterWriter(paths).write(params).
void write_parameter_files(const ParameterPaths& paths, const Parameters& params);

// Where a setup runs: kAuto is the GPU when one is usable, else the CPU; kGpu without a usable
// GPU throws cuzk::Error saying why (never a silent fallback).
SetupDevice choose_setup_device(BackendKind kind);

struct TestSetupReport {
  VectorLengths lengths;
  ParameterFileSizes sizes;
  // Wall-clock seconds: "record" (the circuit), "scalars" (QAP and powers of tau), "write"
  // (fixed-base products, encoding, the digest and the files, fsync included).
  std::vector<std::pair<std::string, double>> phases;
};

// One line per step, for progress output.
using SetupLog = std::function<void(const std::string&)>;

// Streams TEST ONLY parameters for `proof` through `writer` on `device`: records the partition
// circuit, checks that the directory has room for both files (cuzk::Error naming what is free
// and what is needed otherwise), computes the setup's scalars, writes the .params as its points
// are made (prover/setup/parameter_writer.hpp) while hashing it, then puts the marked set in place.
// On a failure no file of the set is left. `meter`, when given, follows the writing of the
// .params (the fixed-base products and their encoding) in bytes.
TestSetupReport write_seal_test_parameters(porep::RegisteredSealProof proof,
                                           const ToxicWaste& waste, TestParameterWriter& writer,
                                           SetupDevice device, const SetupLog& log,
                                           WorkMeter* meter = nullptr);

// The same for one partition of a registered update (SnapDeals) proof: the blank
// EmptySectorUpdate circuit recorded (1.7 M constraints for 2 KiB, a 2^21 domain).
TestSetupReport write_update_test_parameters(porep::update::RegisteredUpdateProof proof,
                                             const ToxicWaste& waste, TestParameterWriter& writer,
                                             SetupDevice device, const SetupLog& log,
                                             WorkMeter* meter = nullptr);

}  // namespace cuzk::prover
