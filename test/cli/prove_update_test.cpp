// SnapDeals end to end for a 2 KiB sector, through cli::run as the `cuzk` binary runs it: the
// update parameters of fixture params_update_2kib (test/CMakeLists.txt), an update input from
// `cuzk gen-update`, `cuzk prove-update` once (the GPU when one is usable, else the CPU, as its
// timings say), then `cuzk verify-update` in both forms. Then every way the commands must refuse:
// the proof under another comm_r_new or with a flipped byte is invalid (exit 1); a tampered
// vanilla proof, missing or truncated parameters and, without a GPU, --backend gpu fail with one
// line and leave no file behind.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "kernels/device/gpu.hpp"
#include "porep/update/update_input_json.hpp"
#include "porep/update/update_proof.hpp"
#include "prover/params/parameter_files.hpp"
#include "util/hex.hpp"

#include "cli_runner.hpp"
#include "file_bytes.hpp"
#include "temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
namespace update = cuzk::porep::update;

using namespace cuzk::test;  // run_cuzk and its checks, TempDir, file_names, the byte helpers
using Outcome = CliOutcome;

constexpr update::RegisteredUpdateProof kProof = update::RegisteredUpdateProof::kStackedDrg2KiBV1;
constexpr const char* kProofName = "StackedDrg2KiBV1";

const fs::path kParams = fs::path(CUZK_TEST_FIXTURES_DIR) / "params-update-2kib";

// One input and its proof, made once for every case (the proving is the expensive part).
struct ProvedUpdate {
  TempDir dir{"prove_update_test"};
  fs::path input = dir.path() / "update.json";
  fs::path proof = dir.path() / "update.proof";
  fs::path timings = dir.path() / "timings.json";
  std::string params_dir = kParams.string();
  update::UpdateInput statement;
  Outcome prove;

  ProvedUpdate() {
    const Outcome gen = run_cuzk({"gen-update", "--registered-update-proof", kProofName, "-o",
                                  input.string(), "--miner-id", "1000", "--sector-id", "3"});
    INFO(gen.err);
    REQUIRE(gen.exit_code == 0);
    statement = update::load_update_input_file(input, update::UpdateInputChecks::kStructure);
    prove = run_cuzk({"prove-update", input.string(), "-o", proof.string(), "--params-dir",
                      kParams.string(), "--progress", "plain", "--timings", timings.string()});
  }
};

const ProvedUpdate& proved() {
  static const ProvedUpdate once;
  return once;
}

// verify-update with the commitments as options, comm_r_new as given.
Outcome verify_with(const fs::path& proof, const update::UpdateInput& in,
                    const std::string& r_new) {
  return run_cuzk({"verify-update", "--proof", proof.string(), "--registered-update-proof",
                   kProofName, "--comm-r-old", cuzk::to_hex(in.comm_r_old), "--comm-d-new",
                   cuzk::to_hex(in.comm_d_new), "--comm-r-new", r_new, "--params-dir",
                   kParams.string()});
}

// prove-update of `input` into a fresh directory, which must stay empty: one line, exit 1.
void check_refused(const std::vector<std::string>& extra, const fs::path& input,
                   const std::string& expected_part) {
  const TempDir out("prove_update_refused");
  std::vector<std::string> args = {"prove-update", input.string(), "-o",
                                   (out.path() / "p.proof").string(), "-q"};
  args.insert(args.end(), extra.begin(), extra.end());
  const Outcome o = run_cuzk(args);
  INFO(o.err);
  CHECK(o.exit_code == 1);
  CHECK(one_line(o.err));
  CHECK(o.err.find(expected_part) != std::string::npos);
  CHECK(file_names(out.path()).empty());
}

}  // namespace

TEST_CASE("cuzk prove-update proves a 2 KiB update that verify-update finds valid") {
  const ProvedUpdate& p = proved();
  INFO(p.prove.err);
  REQUIRE(p.prove.exit_code == 0);
  CHECK(p.prove.err.find("INSECURE TEST parameters") != std::string::npos);
  CHECK(fs::file_size(p.proof) == 192);
  const std::string backend =
      cuzk::kernels::gpu_available(cuzk::kernels::Device(0)) ? "gpu" : "cpu";
  CHECK(p.prove.err.find("backend: " + backend + " (auto: ") != std::string::npos);
  std::ifstream timings_file(p.timings);
  const std::string timings{std::istreambuf_iterator<char>(timings_file),
                            std::istreambuf_iterator<char>()};
  CHECK(timings.find("\"command\":\"prove-update\"") != std::string::npos);
  CHECK(timings.find("\"registered_proof\":\"StackedDrg2KiBV1\"") != std::string::npos);
  CHECK(timings.find("\"backend\":\"" + backend + "\"") != std::string::npos);
  CHECK(timings.find("\"load_update\"") != std::string::npos);

  const Outcome by_input = run_cuzk({"verify-update", "--proof", p.proof.string(), "--update-input",
                                     p.input.string(), "--params-dir", kParams.string()});
  INFO(by_input.err);
  CHECK(by_input.exit_code == 0);
  CHECK(by_input.out == "valid\n");
  const Outcome by_options =
      verify_with(p.proof, p.statement, cuzk::to_hex(p.statement.comm_r_new));
  CHECK(by_options.exit_code == 0);
  CHECK(by_options.out == "valid\n");
}

TEST_CASE("cuzk verify-update: another comm_r_new or a flipped byte is invalid, exit 1") {
  const ProvedUpdate& p = proved();
  REQUIRE(p.prove.exit_code == 0);
  // Another canonical commitment: comm_d_new's bytes stand in for comm_r_new.
  const Outcome other = verify_with(p.proof, p.statement, cuzk::to_hex(p.statement.comm_d_new));
  CHECK(other.exit_code == 1);
  CHECK(other.out == "invalid\n");
  CHECK(one_line(other.err));

  const TempDir dir("verify_update_flip");
  for (const std::size_t at : {std::size_t{10}, std::size_t{100}, std::size_t{170}}) {
    INFO("byte " << at);
    std::vector<std::uint8_t> bytes = read_bytes(p.proof);
    bytes[at] ^= 0x01;
    const fs::path flipped = dir.path() / "flipped.proof";
    write_bytes(flipped, bytes);
    const Outcome o = verify_with(flipped, p.statement, cuzk::to_hex(p.statement.comm_r_new));
    CHECK(o.exit_code == 1);
    CHECK(o.out == "invalid\n");
    CHECK(one_line(o.err));
  }

  // Not a verdict: a proof of the wrong length, a missing proof file (exit 2).
  std::vector<std::uint8_t> short_proof = read_bytes(p.proof);
  short_proof.pop_back();
  write_bytes(dir.path() / "short.proof", short_proof);
  check_usage_error(
      verify_with(dir.path() / "short.proof", p.statement, cuzk::to_hex(p.statement.comm_r_new)));
  check_usage_error(
      verify_with(dir.path() / "none.proof", p.statement, cuzk::to_hex(p.statement.comm_r_new)));
}

TEST_CASE("cuzk prove-update refuses a tampered vanilla proof before proving, leaving no file") {
  const ProvedUpdate& p = proved();
  update::UpdateInput tampered = p.statement;
  // A low bit of one opened label: still a field element, so only the native check can tell.
  tampered.partitions[0].challenge_proofs[3].proof_r_new.leaf[0] ^= 0x01;
  const TempDir dir("prove_update_tampered");
  const fs::path file = dir.path() / "tampered.json";
  std::ofstream(file) << update::update_input_json(tampered);
  check_refused({"--params-dir", kParams.string()}, file, "vanilla proofs fail the native check");
}

TEST_CASE("cuzk prove-update: missing or truncated parameters fail with one line") {
  const ProvedUpdate& p = proved();
  const TempDir empty("prove_update_no_params");
  check_refused({"--params-dir", empty.path().string()}, p.input, "missing parameters");
  check_refused({"--params-dir", empty.path().string()}, p.input,
                "params generate --registered-update-proof StackedDrg2KiBV1");

  const TempDir truncated("prove_update_truncated");
  const cuzk::prover::ParameterPaths from = cuzk::prover::parameter_paths(kParams, kProof);
  const cuzk::prover::ParameterPaths to = cuzk::prover::parameter_paths(truncated.path(), kProof);
  std::vector<std::uint8_t> head(4096);
  std::ifstream(from.params, std::ios::binary)
      .read(reinterpret_cast<char*>(head.data()), static_cast<std::streamsize>(head.size()));
  write_bytes(to.params, head);
  fs::copy_file(from.vk, to.vk);
  check_refused({"--params-dir", truncated.path().string()}, p.input, to.params.string());
}

TEST_CASE("cuzk prove-update --backend gpu without a usable GPU fails with one line") {
  if (cuzk::kernels::gpu_available(cuzk::kernels::Device(0))) return;  // auto proved on it above
  check_refused({"--params-dir", proved().params_dir, "--backend", "gpu"}, proved().input,
                "--backend gpu: no usable GPU");
}

TEST_CASE("cuzk params check knows the update parameters: the published names, the lengths") {
  const Outcome cache = run_cuzk({"params", "check", "--registered-update-proof", kProofName,
                                  "--params-dir", kParams.string(), "-q"});
  CHECK(cache.exit_code == 1);  // test parameters are not the published ones
  CHECK(cache.out.find("TEST-ONLY  v28-empty-sector-update-merkletree-poseidon_hasher-8-0-0-"
                       "fb9e095bebdd77511c0269b967b4d87ba8b8a525edaa0e165de23ba454510194.params") !=
        std::string::npos);
  CHECK(cache.out.find("0 ok, 0 missing, 0 corrupt, 2 test-only\n") != std::string::npos);

  const fs::path vk = cuzk::prover::parameter_paths(kParams, kProof).vk;
  const Outcome lengths =
      run_cuzk({"params", "check", vk.string(), "--registered-update-proof", kProofName});
  INFO(lengths.err);
  CHECK(lengths.exit_code == 0);
  CHECK(lengths.out.find(" fits StackedDrg2KiBV1\n") != std::string::npos);

  // The update parameters are no seal proof's: their header fails PoRep's lengths.
  const Outcome wrong =
      run_cuzk({"params", "check", vk.string(), "--registered-proof", "StackedDrg2KiBV1_1"});
  CHECK(wrong.exit_code == 1);
}

TEST_CASE("cuzk --help lists prove-update and verify-update") {
  const Outcome help = run_cuzk({"--help"});
  CHECK(help.out.find("prove-update") != std::string::npos);
  CHECK(help.out.find("verify-update") != std::string::npos);
}
