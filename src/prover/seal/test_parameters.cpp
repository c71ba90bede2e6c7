#include "prover/seal/test_parameters.hpp"

#include <chrono>
#include <cstdio>
#include <string>
#include <system_error>

#include "circuit/stacked/circuit_shape.hpp"
#include "circuit/stacked/record_shape.hpp"
#include "kernels/gpu.hpp"
#include "prover/parameter_writer.hpp"
#include "prover/point_encoder.hpp"
#include "util/atomic_file.hpp"
#include "util/error.hpp"

namespace cuzk::prover::seal {
namespace {

std::string gigabytes(std::uint64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f GB", static_cast<double>(bytes) / 1e9);
  return text;
}

void require_free_space(const std::filesystem::path& dir, const ParameterFileSizes& sizes,
                        const std::string& proof_name) {
  std::error_code ec;
  const std::filesystem::space_info space = std::filesystem::space(dir, ec);
  if (ec) throw Error(dir.string() + ": cannot read the free space: " + ec.message());
  const std::uint64_t need = sizes.params + sizes.vk;
  if (space.available < need) {
    throw Error(dir.string() + ": " + gigabytes(space.available) + " free, but the test " +
                "parameters for " + proof_name + " need " + gigabytes(need) + " (.params " +
                gigabytes(sizes.params) + ", .vk " + std::to_string(sizes.vk) + " bytes)");
  }
}

void write_note(const ParameterPaths& paths, const std::string& proof_name) {
  const std::string text =
      "INSECURE TEST parameters for " + proof_name + ", for testing only:\n  " +
      paths.params.filename().string() + "\n  " + paths.vk.filename().string() +
      "\nwere made by `cuzk params generate` from toxic waste drawn on the machine that made "
      "them,\nso whoever ran it could forge proofs. They are not Filecoin's published "
      "parameters\nand proofs made with them are worthless on any network. Delete all three "
      "files\nto get rid of them.\n";
  AtomicFile out(test_only_note(paths));
  out.write({reinterpret_cast<const std::uint8_t*>(text.data()), text.size()});
  out.commit();
}

// Removes the note unless disarmed: the parameters it describes were not written.
struct NoteGuard {
  std::filesystem::path note;
  bool keep = false;
  ~NoteGuard() {
    std::error_code ignored;
    if (!keep) std::filesystem::remove(note, ignored);
  }
};

class PhaseClock {
 public:
  double lap() {
    const auto now = std::chrono::steady_clock::now();
    const double s = std::chrono::duration<double>(now - last_).count();
    last_ = now;
    return s;
  }

 private:
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

}  // namespace

Parameters generate_seal_test_parameters(porep::RegisteredSealProof proof,
                                         const ToxicWaste& waste) {
  return generate_parameters(
      circuit::stacked::record_partition_shape(circuit::stacked::circuit_shape(proof)), waste);
}

void write_parameter_files(const ParameterPaths& paths, const Parameters& params) {
  write_parameters_file(paths.params, params);
  write_verifying_key_file(paths.vk, params.vk);
}

std::filesystem::path test_only_note(const ParameterPaths& paths) {
  return paths.params.parent_path() / (paths.params.stem().string() + ".TEST-ONLY.txt");
}

SetupDevice choose_setup_device(BackendKind kind) {
  switch (kind) {
    case BackendKind::kCpu:
      return SetupDevice::kCpu;
    case BackendKind::kAuto:
      return kernels::gpu_available() ? SetupDevice::kGpu : SetupDevice::kCpu;
    case BackendKind::kGpu:
      break;
  }
  if (!kernels::gpu_available()) {
    throw Error("GPU setup not available: " + kernels::gpu_description());
  }
  return SetupDevice::kGpu;
}

TestSetupReport write_seal_test_parameters(porep::RegisteredSealProof proof,
                                           const ToxicWaste& waste, const ParameterPaths& paths,
                                           SetupDevice device, const SetupLog& log) {
  const std::string name(porep::seal_proof_info(proof).name);
  TestSetupReport report;
  PhaseClock clock;
  SetupScalars scalars;
  {
    const circuit::CompactR1cs r =
        circuit::stacked::record_partition_shape(circuit::stacked::circuit_shape(proof));
    report.lengths = lengths_for_circuit(r);
    report.sizes = parameter_file_sizes(report.lengths);
    report.phases.emplace_back("record", clock.lap());
    log("recorded the circuit: " + std::to_string(r.size.num_constraints) + " constraints, " +
        std::to_string(r.a.nonzeros() + r.b.nonzeros() + r.c.nonzeros()) + " terms; the files " +
        "need " + gigabytes(report.sizes.params + report.sizes.vk));
    require_free_space(paths.params.parent_path(), report.sizes, name);
    scalars = setup_scalars(r, waste, device);
  }
  report.lengths = setup_lengths(scalars);  // the densities' counts, unless a value is 0 by chance
  report.sizes = parameter_file_sizes(report.lengths);
  report.phases.emplace_back("scalars", clock.lap());
  log("QAP evaluated at tau");

  write_note(paths, name);
  NoteGuard guard{test_only_note(paths)};
  const SetupBases bases = setup_bases(waste);
  const std::unique_ptr<PointEncoder> encoder = make_point_encoder(bases, device);
  const WrittenSetup written = write_setup_files(scalars, bases, *encoder, paths.params, paths.vk);
  guard.keep = true;
  report.phases.emplace_back("write", clock.lap());
  char line[160];
  std::snprintf(line, sizeof line,
                "wrote the files in %.1f s: %.1f s in write(2), %.1f s in the final fsync, "
                "%.1f s checking sampled points",
                report.phases.back().second, written.write_seconds, written.sync_seconds,
                written.check_seconds);
  log(line);
  return report;
}

}  // namespace cuzk::prover::seal
