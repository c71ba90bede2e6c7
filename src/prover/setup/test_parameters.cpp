#include "prover/setup/test_parameters.hpp"

#include <array>
#include <chrono>
#include <cstdio>
#include <functional>
#include <string>
#include <system_error>

#include "circuit/stacked/circuit_shape.hpp"
#include "circuit/stacked/record_shape.hpp"
#include "circuit/update/update_circuit.hpp"
#include "kernels/device/gpu.hpp"
#include "porep/blake2b.hpp"
#include "prover/params/parameter_digest.hpp"
#include "prover/params/test_parameter_marker.hpp"
#include "prover/setup/parameter_writer.hpp"
#include "prover/setup/point_encoder.hpp"
#include "util/error.hpp"

namespace cuzk::prover {
namespace {

std::filesystem::path lock_path(const ParameterPaths& paths) {
  std::filesystem::path lock = paths.params;
  return lock.replace_extension(".lock");
}

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

TestParameterWriter::TestParameterWriter(const ParameterPaths& paths)
    : paths_(paths),
      lock_(lock_path(paths)),
      params_(paths.params),
      vk_(paths.vk),
      marker_(test_marker_path(paths.params)) {}

bool TestParameterWriter::exists() const {
  std::error_code ec;
  return std::filesystem::exists(paths_.params, ec) || std::filesystem::exists(paths_.vk, ec);
}

void TestParameterWriter::write(const Parameters& params) {
  const std::vector<std::uint8_t> params_bytes = encode_parameters(params);
  std::vector<std::uint8_t> vk_bytes;
  append_encoding(params.vk, vk_bytes);
  params_.write(params_bytes);
  commit(vk_bytes, parameter_digest(params_bytes));
}

void TestParameterWriter::finish_streamed(std::span<const std::uint8_t> vk_bytes,
                                          const std::string& params_digest) {
  commit(vk_bytes, params_digest);
}

void TestParameterWriter::commit(std::span<const std::uint8_t> vk_bytes,
                                 const std::string& params_digest) {
  const std::array<MarkedFile, 2> marked = {{
      {paths_.params.filename().string(), params_digest},
      {paths_.vk.filename().string(), parameter_digest(vk_bytes)},
  }};
  const std::string marker = encode_test_marker(marked);
  vk_.write(vk_bytes);
  marker_.write(std::span(reinterpret_cast<const std::uint8_t*>(marker.data()), marker.size()));
  marker_.commit();
  params_.commit();
  vk_.commit();
}

void write_parameter_files(const ParameterPaths& paths, const Parameters& params) {
  TestParameterWriter(paths).write(params);
}

SetupDevice choose_setup_device(BackendKind kind) {
  switch (kind) {
    case BackendKind::kCpu:
      return SetupDevice::kCpu;
    case BackendKind::kAuto:
      return kernels::gpu_available(kSetupGpu) ? SetupDevice::kGpu : SetupDevice::kCpu;
    case BackendKind::kGpu:
      break;
  }
  if (!kernels::gpu_available(kSetupGpu)) {
    throw Error("GPU setup not available: " + kernels::gpu_description(kSetupGpu));
  }
  return SetupDevice::kGpu;
}

namespace {

// The streamed setup of write_seal_test_parameters for any circuit: `record` returns the
// partition circuit's recording (input rows included), `name` is the registered proof's.
TestSetupReport write_test_parameters(const std::function<circuit::CompactR1cs()>& record,
                                      const std::string& name, const ToxicWaste& waste,
                                      TestParameterWriter& writer, SetupDevice device,
                                      const SetupLog& log, WorkMeter* meter) {
  const ParameterPaths& paths = writer.paths();
  TestSetupReport report;
  PhaseClock clock;
  SetupScalars scalars;
  {
    const circuit::CompactR1cs r = record();
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

  const SetupBases bases = setup_bases(waste);
  const std::unique_ptr<PointEncoder> encoder = make_point_encoder(bases, device);
  // The marker's digest of the .params, hashed as it is written (no second read of 47 GB).
  porep::Blake2b digest;
  const MeteredStep writing(meter, "writing " + paths.params.filename().string(),
                            report.sizes.params, "bytes");
  const WrittenSetup written =
      write_setup_params(scalars, bases, *encoder, writer.params_file(),
                         [&digest, &writing](std::span<const std::uint8_t> bytes) {
                           digest.update(bytes);
                           writing.advance(bytes.size());
                         });
  const double wrote = clock.lap();
  writer.finish_streamed(written.vk_bytes, parameter_digest_of(digest));
  const double synced = clock.lap();
  report.phases.emplace_back("write", wrote + synced);
  char line[200];
  std::snprintf(line, sizeof line,
                "wrote the files in %.1f s: %.1f s in write(2), %.1f s putting them in place "
                "(fsync), %.1f s checking sampled points",
                wrote + synced, written.write_seconds, synced, written.check_seconds);
  log(line);
  return report;
}

}  // namespace

TestSetupReport write_seal_test_parameters(porep::RegisteredSealProof proof,
                                           const ToxicWaste& waste, TestParameterWriter& writer,
                                           SetupDevice device, const SetupLog& log,
                                           WorkMeter* meter) {
  return write_test_parameters(
      [proof] {
        return circuit::stacked::record_partition_shape(circuit::stacked::circuit_shape(proof));
      },
      std::string(porep::seal_proof_info(proof).name), waste, writer, device, log, meter);
}

TestSetupReport write_update_test_parameters(porep::update::RegisteredUpdateProof proof,
                                             const ToxicWaste& waste, TestParameterWriter& writer,
                                             SetupDevice device, const SetupLog& log,
                                             WorkMeter* meter) {
  return write_test_parameters(
      [proof] {
        const circuit::update::UpdateCircuit blank =
            circuit::update::blank_update_circuit(circuit::update::update_shape(proof));
        return record_circuit([&blank](auto& cs) { circuit::update::synthesize(cs, blank); });
      },
      std::string(porep::update::update_proof_info(proof).name), waste, writer, device, log, meter);
}

}  // namespace cuzk::prover
