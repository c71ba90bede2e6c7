// `cuzk params check` over a parameter cache: one line per published file, and the exit code a
// script acts on. The files here are toy test parameters under the 2 KiB names (a published file
// cannot be made here; the library test marked_test_parameters_test covers "ok").
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "host_faults.hpp"
#include "porep/registered_proof.hpp"
#include "prover/groth16_circuits.hpp"
#include "prover/params/parameter_files.hpp"
#include "prover/params/published_parameters.hpp"
#include "prover/params/test_parameter_marker.hpp"
#include "prover/setup/test_parameters.hpp"
#include "prover/setup/test_setup.hpp"
#include "temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
namespace prover = cuzk::prover;
using cuzk::test::run_cuzk;

constexpr auto kProof = cuzk::porep::RegisteredSealProof::kStackedDrg2KiBV1_1;

void write_toy_set(const fs::path& dir) {
  std::mt19937_64 rng(5);
  prover::write_parameter_files(prover::parameter_paths(dir, kProof),
                                cuzk::prover::generate_test_parameters(
                                    cuzk::test::RandomCircuit{.inputs = 3, .constraints = 40},
                                    cuzk::prover::ToxicWaste::random(rng)));
}

std::size_t count_lines_starting(const std::string& text, const std::string& prefix) {
  std::size_t n = 0;
  for (std::size_t at = 0; at < text.size(); at = text.find('\n', at) + 1) {
    if (text.compare(at, prefix.size(), prefix) == 0) ++n;
    if (text.find('\n', at) == std::string::npos) break;
  }
  return n;
}

}  // namespace

TEST_CASE("cuzk params check: test parameters are TEST-ONLY, altered ones CORRUPT, exit 1") {
  const cuzk::test::TempDir scratch("params_check_cli");
  const fs::path cache = scratch / "cache";
  fs::create_directories(cache);
  write_toy_set(cache);
  const prover::PublishedSealFiles published = prover::published_seal_files(kProof);
  const std::string params_name(published.params.name);

  auto o = run_cuzk({"params", "check", "--params-dir", cache.string(), "--registered-proof",
                     "StackedDrg2KiBV1_1"});
  INFO(o.out << o.err);
  CHECK(o.exit_code == 1);
  const std::string marker = prover::test_marker_path(cache / params_name).filename().string();
  CHECK(o.out == "TEST-ONLY  " + params_name + ": INSECURE test parameters (" + marker + ")\n" +
                     "TEST-ONLY  " + std::string(published.vk.name) +
                     ": INSECURE test parameters (" + marker + ")\n" +
                     "0 ok, 0 missing, 0 corrupt, 2 test-only\n");
  CHECK(o.err.find("cuzk: 2 parameter file(s) in " + cache.string() +
                   " are not Filecoin's published ones\n") != std::string::npos);

  // The marker gone: the same files are corrupt, with their digest and the published one.
  fs::remove(cache / marker);
  o = run_cuzk({"params", "check", "--params-dir", cache.string(), "--sector-size", "2KiB", "-q"});
  CHECK(o.exit_code == 1);
  CHECK(count_lines_starting(o.out, "CORRUPT    ") == 2);
  CHECK(count_lines_starting(o.out, "MISSING    ") == 6);  // the 2 KiB PoSt and SnapDeal files
  CHECK(o.out.find(params_name + ": " + std::to_string(fs::file_size(cache / params_name)) +
                   " bytes, digest ") != std::string::npos);
  CHECK(o.out.find(", published " + std::string(published.params.digest) + "\n") !=
        std::string::npos);
  CHECK(o.out.find("0 ok, 6 missing, 2 corrupt, 0 test-only\n") != std::string::npos);
  CHECK(o.err.find("cuzk params [") == std::string::npos);  // -q: no progress

  // Every published file, none there.
  const cuzk::test::TempDir empty("params_check_empty");
  o = run_cuzk({"params", "check", "--params-dir", empty.path().string()});
  CHECK(o.exit_code == 1);
  CHECK(count_lines_starting(o.out, "MISSING    ") == prover::published_parameter_files().size());
  CHECK(o.err.find("cuzk: 44 published parameter file(s) missing in") != std::string::npos);
}

TEST_CASE("cuzk params check: bad usage exits 2 with one line") {
  const std::vector<std::vector<std::string>> cases = {
      {"params", "check", "--sector-size", "3KiB"},
      {"params", "check", "--sector-size", "32GiB", "--registered-proof", "StackedDrg32GiBV1_1"},
      {"params", "check", "--registered-proof", "StackedDrg3KiBV1"},
      {"params", "check", "some.params"},
      {"params", "check", "some.params", "--registered-proof", "StackedDrg2KiBV1_1",
       "--sector-size", "2KiB"},
      {"params", "check", "--full"},
  };
  for (const auto& args : cases) {
    INFO(args[2]);
    const auto o = run_cuzk(args);
    CHECK(o.exit_code == 2);
    CHECK(o.out.empty());
    CHECK(std::count(o.err.begin(), o.err.end(), '\n') == 1);
  }
}

TEST_CASE("cuzk params generate into a read-only directory fails at once and writes nothing") {
  const cuzk::test::TempDir scratch("params_generate_readonly");
  const fs::path cache = cuzk::test::make_read_only_dir(scratch, "cache");
  // In a child: as nobody when the tests run as root, who may write anywhere. It fails before
  // the setup, so the child never starts OpenMP work.
  CHECK(cuzk::test::run_in_child(
            [&]() -> std::string {
              const auto o = run_cuzk({"params", "generate", "--registered-proof",
                                       "StackedDrg2KiBV1_1", "--params-dir", cache.string()});
              if (o.exit_code != 1) return "exit " + std::to_string(o.exit_code) + ": " + o.err;
              if (o.err.find("cuzk: " + cache.string()) != 0 ||
                  o.err.find("Permission denied\n") == std::string::npos ||
                  std::count(o.err.begin(), o.err.end(), '\n') != 1) {
                return "stderr: " + o.err;
              }
              return "";
            },
            cuzk::test::ChildUser::kUnprivileged) == "");
  CHECK(fs::is_empty(cache));
}
