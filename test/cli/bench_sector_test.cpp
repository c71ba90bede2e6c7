// `cuzk bench sector` end to end on the CPU for a 2 KiB sector, through cli::run: with an empty
// parameter directory it generates TEST ONLY parameters there (the streamed setup, its note
// beside the files), makes a C1, proves, verifies from the .vk and prints the phase table. Then
// the refusals that cost nothing: a missing .vk, a GPU that is not there, bad options.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "kernels/device/gpu.hpp"
#include "porep/registered_proof.hpp"
#include "prover/params/parameter_files.hpp"
#include "prover/params/test_parameter_marker.hpp"
#include "prover/setup/setup_scalars.hpp"
#include "prover/setup/test_parameters.hpp"

#include "cli_runner.hpp"
#include "temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
namespace prover = cuzk::prover;
using cuzk::test::run_cuzk;
using cuzk::test::TempDir;

constexpr auto kProof = cuzk::porep::RegisteredSealProof::kStackedDrg2KiBV1_1;
constexpr const char* kProofName = "StackedDrg2KiBV1_1";

std::string read_text(const fs::path& p) {
  std::ifstream in(p);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("cuzk bench sector: 2 KiB on the CPU, test parameters generated on the way") {
  // Not the params_2kib fixture's parameters (test/params_2kib.hpp): this case is about what bench
  // sector does when it finds none (the setup_* phases, the marked files it writes), which found
  // parameters would skip, so its own two-minute setup stays.
  const TempDir dir("bench_sector");
  const fs::path params_dir = dir / "params";
  const fs::path timings = dir / "timings.json";
  const auto run = run_cuzk({"bench", "sector", "--registered-proof", kProofName, "--params-dir",
                             params_dir.string(), "--device", "cpu", "--backend", "cpu",
                             "--timings", timings.string()});
  INFO(run.err);
  REQUIRE(run.exit_code == 0);
  CHECK(run.err.find("generating INSECURE TEST parameters on the CPU") != std::string::npos);
  CHECK(run.err.find("valid: verified during proving and again from") != std::string::npos);
  CHECK(run.out.find("StackedDrg2KiBV1_1, 1 partition(s), backend cpu") != std::string::npos);
  // One table row per phase (timings_table: two spaces, the name, the value), then the total.
  for (const char* phase : {"setup_record", "setup_scalars", "setup_write", "gen_c1", "load_params",
                            "check", "synthesize", "prove", "verify", "verify_vk", "total_s"}) {
    INFO(phase);
    CHECK(run.out.find(std::string("\n  ") + phase + " ") != std::string::npos);
  }
  const std::string json = read_text(timings);
  CHECK(json.rfind("{\"command\":\"bench sector\",\"registered_proof\":\"StackedDrg2KiBV1_1\","
                   "\"partitions\":1,\"backend\":\"cpu\",\"phases\":{\"setup_record\":",
                   0) == 0);

  const prover::ParameterPaths paths = prover::parameter_paths(params_dir, kProof);
  CHECK(fs::file_size(paths.params) == 1114707768);  // the 2 KiB .params of docs/benchmarks.md
  CHECK(fs::file_size(paths.vk) == 4708);
  const auto marked = prover::read_test_marker(paths.params);
  REQUIRE(marked.size() == 2);
  CHECK(marked[0].name == paths.params.filename().string());
  CHECK(marked[1].name == paths.vk.filename().string());
  const auto check =
      run_cuzk({"params", "check", paths.params.string(), "--registered-proof", kProofName});
  CHECK(check.exit_code == 0);
}

TEST_CASE("cuzk bench sector and params generate: refusals before any work") {
  const TempDir dir("bench_sector_refusals");
  const fs::path params_dir = dir / "params";
  fs::create_directories(params_dir);
  const prover::ParameterPaths paths = prover::parameter_paths(params_dir, kProof);
  std::ofstream(paths.params) << "not parameters";
  const auto half = run_cuzk({"bench", "sector", "--registered-proof", kProofName, "--params-dir",
                              params_dir.string(), "--backend", "cpu"});
  CHECK(half.exit_code == 1);
  CHECK(half.err.find("holds only one of") != std::string::npos);
  fs::remove(paths.params);

  if (!cuzk::kernels::gpu_available(cuzk::prover::kSetupGpu)) {
    const auto gpu = run_cuzk({"params", "generate", "--registered-proof", kProofName,
                               "--params-dir", params_dir.string(), "--device", "gpu"});
    CHECK(gpu.exit_code == 1);
    CHECK(gpu.err.find("GPU setup not available: no CUDA device") != std::string::npos);
    CHECK(fs::is_empty(params_dir));
  }
  const auto device = run_cuzk({"params", "generate", "--registered-proof", kProofName,
                                "--params-dir", params_dir.string(), "--device", "tpu"});
  CHECK(device.exit_code == 2);
  const auto proof = run_cuzk({"bench", "sector", "--registered-proof", "StackedDrg3KiBV1_1"});
  CHECK(proof.exit_code == 2);
  CHECK(proof.err.find("is not a registered seal proof") != std::string::npos);
  const auto batch = run_cuzk(
      {"bench", "sector", "--registered-proof", kProofName, "--partitions-per-batch", "0"});
  CHECK(batch.exit_code == 2);
  CHECK(fs::is_empty(params_dir));
}
