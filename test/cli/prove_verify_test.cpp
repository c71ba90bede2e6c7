// End to end on the CPU for a 2 KiB sector, through cli::run as the `cuzk` binary runs it: the
// test parameters of the ctest fixture params_2kib (params_2kib.hpp), a really sealed sector
// (sealing::generate_c1), `cuzk prove`, then `cuzk verify` in both forms.
// Then every way the commands must refuse: a proof for another prover id, sector id, ticket,
// seed, comm_r or comm_d is invalid (exit 1); missing, foreign, truncated or test parameters
// (with --verify-params), a corrupt C1, an unwritable or read-only output, a full disk and a GPU
// that is not there fail with one line and leave no file behind.
#include <doctest/doctest.h>

#include <stdlib.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "cli/cli.hpp"
#include "kernels/device/gpu.hpp"
#include "porep/c1_parser.hpp"
#include "porep/registered_proof.hpp"
#include "porep/replica_id.hpp"
#include "prover/cpu_backend.hpp"
#include "prover/params/mapped_parameters.hpp"
#include "prover/params/parameter_digest.hpp"
#include "prover/params/parameter_files.hpp"
#include "prover/params/test_parameter_marker.hpp"
#include "prover/seal/seal_prover.hpp"
#include "prover/seal/seal_verifier.hpp"
#include "prover/setup/keypair_assembly.hpp"
#include "prover/setup/test_parameters.hpp"
#include "prover/setup/test_setup.hpp"
#include "sealing/c1_generator.hpp"
#include "sealing/c1_writer.hpp"
#include "util/error.hpp"
#include "util/hex.hpp"

#include "cli_runner.hpp"
#include "file_bytes.hpp"
#include "host_faults.hpp"
#include "params_2kib.hpp"
#include "temp_dir.hpp"

namespace {

namespace porep = cuzk::porep;
namespace sealing = cuzk::sealing;

namespace fs = std::filesystem;
namespace prover = cuzk::prover;
namespace seal = cuzk::prover::seal;
using porep::Domain;

constexpr porep::RegisteredSealProof kProof = porep::RegisteredSealProof::kStackedDrg2KiBV1_1;
constexpr const char* kProofName = "StackedDrg2KiBV1_1";
constexpr std::uint64_t kMinerId = 1000;
constexpr std::uint64_t kSectorId = 7;

using cuzk::test::check_usage_error;
using cuzk::test::one_line;
using cuzk::test::read_bytes;
using cuzk::test::run_cuzk;
using cuzk::test::TempDir;
using cuzk::test::write_bytes;
using Outcome = cuzk::test::CliOutcome;

void write_text(const fs::path& p, const std::string& text) { std::ofstream(p) << text; }

std::string hex(const Domain& d) { return cuzk::to_hex(d); }

// Every file in `dir` (names only): a failed command must add none, not even a temporary.
std::vector<std::string> listing(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

sealing::SealCommitOutput seal_sector(std::uint64_t data_seed) {
  sealing::GenerateC1Options g;
  g.proof = kProof;
  g.data_seed = data_seed;
  g.identity.prover_id = porep::prover_id_from_actor_id(kMinerId);
  g.identity.sector_id = kSectorId;
  g.identity.ticket.fill(0x11);
  g.seed.fill(0x22);
  return sealing::generate_c1(g);
}

std::string c1_file_text(const sealing::SealCommitOutput& c1) {
  return sealing::c1_wrapper_json(sealing::c1_inner_json(c1), kSectorId,
                                  porep::seal_proof_info(kProof).sector_size);
}

// What every test case shares: the fixture's parameters, a sealed sector and its proof, made once.
struct World {
  TempDir dir{"prove_verify"};
  fs::path params_dir;
  prover::ParameterPaths params;
  sealing::SealCommitOutput sector;
  fs::path c1;
  fs::path proof;
  fs::path timings;
  Outcome prove;

  World() {
    params_dir = cuzk::test::params_2kib_dir();
    params = prover::parameter_paths(params_dir, kProof);
    sector = seal_sector(/*data_seed=*/5);
    c1 = dir.path() / "c1.json";
    write_text(c1, c1_file_text(sector));
    proof = dir.path() / "proof.bin";
    timings = dir.path() / "timings.json";
    prove = run_cuzk({"prove", c1.string(), "-o", proof.string(), "--params-dir",
                      params_dir.string(), "--miner-id", std::to_string(kMinerId), "--sector-id",
                      std::to_string(kSectorId), "--timings", timings.string()});
  }
};

const World& world() {
  static const World w;
  return w;
}

std::vector<std::string> long_verify_args(const World& w) {
  return {"verify",
          "--proof",
          w.proof.string(),
          "--registered-proof",
          kProofName,
          "--comm-r",
          hex(w.sector.comm_r),
          "--comm-d",
          hex(w.sector.comm_d),
          "--miner-id",
          std::to_string(kMinerId),
          "--sector-id",
          std::to_string(kSectorId),
          "--ticket",
          hex(w.sector.ticket),
          "--seed",
          hex(w.sector.seed),
          "--params-dir",
          w.params_dir.string()};
}

// Replaces the value after `option` in args.
std::vector<std::string> with(std::vector<std::string> args, const std::string& option,
                              const std::string& value) {
  for (std::size_t i = 0; i + 1 < args.size(); ++i) {
    if (args[i] == option) {
      args[i + 1] = value;
      return args;
    }
  }
  FAIL("no option " << option);
  return args;
}

Domain flipped(Domain d, std::size_t byte) {
  d[byte] ^= 0x01;
  return d;
}

// Parameters for a toy circuit with `inputs` public inputs (ONE excluded): well formed, but of
// another circuit.
void write_toy_parameters(const prover::ParameterPaths& paths, std::size_t inputs) {
  std::mt19937_64 rng(3);
  const auto params = cuzk::prover::generate_test_parameters(
      [&](auto& cs) {
        for (std::size_t i = 0; i < inputs; ++i) {
          const auto x = cs.alloc_input("x", [] { return cuzk::bls12_381::Fr::one(); });
          const auto y = cs.alloc("y", [] { return cuzk::bls12_381::Fr::one(); });
          cs.enforce("x = y", cuzk::circuit::LinearCombination(x),
                     cuzk::circuit::LinearCombination(cuzk::circuit::Variable::one()),
                     cuzk::circuit::LinearCombination(y));
        }
      },
      cuzk::prover::ToxicWaste::random(rng));
  fs::create_directories(paths.params.parent_path());
  prover::write_parameter_files(paths, params);
}

}  // namespace

TEST_CASE("cuzk prove: a 2 KiB sector proved on the CPU, verified, written whole") {
  const World& w = world();
  INFO(w.prove.err);
  REQUIRE(w.prove.exit_code == 0);
  CHECK(read_bytes(w.proof).size() == 192);
  CHECK(w.prove.err.find("backend: cpu (auto: no CUDA device") != std::string::npos);
  CHECK(w.prove.err.find("verify: valid, with replica_id recomputed") != std::string::npos);
  const std::vector<std::uint8_t> timings = read_bytes(w.timings);
  const std::string json(timings.begin(), timings.end());
  CHECK(json.rfind("{\"command\":\"prove\",\"registered_proof\":\"StackedDrg2KiBV1_1\","
                   "\"partitions\":1,\"backend\":\"cpu\",\"phases\":{\"load_c1\":",
                   0) == 0);
  for (const char* phase : {"load_params", "check", "synthesize", "prove", "verify", "write"}) {
    CHECK(json.find(std::string("\"") + phase + "\":") != std::string::npos);
  }
  // The proof's flags (spec §7, item 11): A, B and C compressed, none at infinity.
  const auto bytes = read_bytes(w.proof);
  for (std::size_t at : {0, 48, 144}) {
    CHECK((bytes[at] & 0xc0) == 0x80);
  }
}

TEST_CASE("cuzk verify accepts the proof in the long and the short form") {
  const World& w = world();
  const Outcome long_form = run_cuzk(long_verify_args(w));
  INFO(long_form.err);
  CHECK(long_form.exit_code == 0);
  CHECK(long_form.out == "valid\n");

  const Outcome with_vk =
      run_cuzk({"verify", "--proof", w.proof.string(), "--registered-proof", kProofName, "--comm-r",
                hex(w.sector.comm_r), "--comm-d", hex(w.sector.comm_d), "--prover-id",
                hex(porep::prover_id_from_actor_id(kMinerId)), "--sector-id",
                std::to_string(kSectorId), "--ticket", hex(w.sector.ticket), "--seed",
                hex(w.sector.seed), "--vk", w.params.vk.string()});
  CHECK(with_vk.exit_code == 0);
  CHECK(with_vk.out == "valid\n");

  const Outcome short_form =
      run_cuzk({"verify", "--c1", w.c1.string(), "--proof", w.proof.string(), "--miner-id",
                "f0" + std::to_string(kMinerId), "--sector-id", std::to_string(kSectorId),
                "--params-dir", w.params_dir.string()});
  CHECK(short_form.exit_code == 0);
  CHECK(short_form.out == "valid\n");

  // The parameter cache variable, as rust-fil-proofs reads it.
  setenv("FIL_PROOFS_PARAMETER_CACHE", w.params_dir.c_str(), 1);
  const Outcome from_env =
      run_cuzk({"verify", "--c1", w.c1.string(), "--proof", w.proof.string(), "--miner-id",
                std::to_string(kMinerId), "--sector-id", std::to_string(kSectorId)});
  unsetenv("FIL_PROOFS_PARAMETER_CACHE");
  CHECK(from_env.exit_code == 0);
  CHECK(from_env.out == "valid\n");
}

TEST_CASE("cuzk verify: a proof for another statement is invalid") {
  const World& w = world();
  const auto args = long_verify_args(w);
  const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
      {"prover id", with(args, "--miner-id", std::to_string(kMinerId + 1))},
      {"sector id", with(args, "--sector-id", std::to_string(kSectorId + 1))},
      {"ticket", with(args, "--ticket", hex(flipped(w.sector.ticket, 0)))},
      {"seed", with(args, "--seed", hex(flipped(w.sector.seed, 0)))},
      {"comm_r", with(args, "--comm-r", hex(flipped(w.sector.comm_r, 0)))},
      {"comm_d", with(args, "--comm-d", hex(flipped(w.sector.comm_d, 0)))},
  };
  for (const auto& [what, a] : cases) {
    INFO("changed: " << what);
    const Outcome o = run_cuzk(a);
    CHECK(o.exit_code == 1);
    CHECK(o.out == "invalid\n");
  }
}

TEST_CASE("cuzk verify: a tampered proof is invalid") {
  const World& w = world();
  const auto original = read_bytes(w.proof);
  const fs::path tampered = w.dir.path() / "tampered.bin";

  // A and C swapped: both are valid points, so only the pairing check can reject it.
  auto swapped = original;
  std::swap_ranges(swapped.begin(), swapped.begin() + 48, swapped.begin() + 144);
  write_bytes(tampered, swapped);
  Outcome o = run_cuzk(with(long_verify_args(w), "--proof", tampered.string()));
  CHECK(o.exit_code == 1);
  CHECK(o.out == "invalid\n");
  CHECK(o.err.find("pairing check failed") != std::string::npos);

  // One flipped bit of B's x coordinate: almost surely off the curve.
  auto flipped_bit = original;
  flipped_bit[60] ^= 0x04;
  write_bytes(tampered, flipped_bit);
  o = run_cuzk(with(long_verify_args(w), "--proof", tampered.string()));
  CHECK(o.exit_code == 1);
  CHECK(o.out == "invalid\n");
}

TEST_CASE("cuzk verify: bad usage or input exits 2 with one line") {
  const World& w = world();
  const auto args = long_verify_args(w);
  const fs::path short_proof = w.dir.path() / "short.bin";
  auto bytes = read_bytes(w.proof);
  bytes.pop_back();
  write_bytes(short_proof, bytes);
  Domain not_canonical;
  not_canonical.fill(0xff);
  const fs::path empty_dir = w.dir.path() / "no-params";
  fs::create_directories(empty_dir);

  const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
      {"191-byte proof", with(args, "--proof", short_proof.string())},
      {"missing proof file", with(args, "--proof", (w.dir.path() / "absent.bin").string())},
      {"comm_r not hex", with(args, "--comm-r", "xyz")},
      {"comm_r of 31 bytes", with(args, "--comm-r", hex(w.sector.comm_r).substr(2))},
      {"comm_r not below the modulus", with(args, "--comm-r", hex(not_canonical))},
      {"comm_d zero", with(args, "--comm-d", std::string(64, '0'))},
      {"unknown registered proof", with(args, "--registered-proof", "StackedDrg3KiBV1")},
      {"no .vk in the parameter directory", with(args, "--params-dir", empty_dir.string())},
      {"a --vk that is not a verifying key",
       {"verify", "--c1", w.c1.string(), "--proof", w.proof.string(), "--miner-id", "1000",
        "--sector-id", "7", "--vk", w.c1.string()}},
      {"--c1 with --comm-r",
       {"verify", "--c1", w.c1.string(), "--proof", w.proof.string(), "--miner-id", "1000",
        "--sector-id", "7", "--comm-r", hex(w.sector.comm_r)}},
      {"no sector id",
       {"verify", "--c1", w.c1.string(), "--proof", w.proof.string(), "--miner-id", "1000"}},
      {"no prover id",
       {"verify", "--c1", w.c1.string(), "--proof", w.proof.string(), "--sector-id", "7"}},
  };
  for (const auto& [what, a] : cases) {
    INFO(what);
    check_usage_error(run_cuzk(a));
  }
  const Outcome missing_vk = run_cuzk(with(args, "--params-dir", empty_dir.string()));
  CHECK(missing_vk.err.find("v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-0-0-"
                            "sha256_hasher-032d3138d22506ec0082ed72b2dcba18df18477904e35bafee82b"
                            "3793b06832f.vk not found in " +
                            empty_dir.string()) != std::string::npos);

  // Every error about a file names it: a key of another circuit, a proof of the wrong size.
  const prover::ParameterPaths foreign = prover::parameter_paths(w.dir / "foreign-vk", kProof);
  write_toy_parameters(foreign, 3);
  const Outcome foreign_vk =
      run_cuzk(with(args, "--params-dir", foreign.vk.parent_path().string()));
  check_usage_error(foreign_vk);
  CHECK(foreign_vk.err == "cuzk: " + foreign.vk.string() +
                              ": the verifying key has 3 public inputs, but StackedDrg2KiBV1_1 "
                              "needs 39: it belongs to another circuit\n");
  const Outcome short_proof_file = run_cuzk(with(args, "--proof", short_proof.string()));
  CHECK(short_proof_file.err == "cuzk: " + short_proof.string() +
                                    ": the proof has 191 bytes; StackedDrg2KiBV1_1 proofs have "
                                    "192 (192 per partition)\n");
  const Outcome unknown_proof = run_cuzk(with(args, "--registered-proof", "StackedDrg3KiBV1"));
  CHECK(unknown_proof.err.starts_with(
      "cuzk: --registered-proof 'StackedDrg3KiBV1' is not a registered seal proof; the registered "
      "proofs are StackedDrg2KiBV1, StackedDrg8MiBV1, "));
}

TEST_CASE("cuzk verify --c1 of another miner or sector: invalid, and the C1 says why") {
  const World& w = world();
  const Outcome o =
      run_cuzk({"verify", "--c1", w.c1.string(), "--proof", w.proof.string(), "--miner-id",
                "f0" + std::to_string(kMinerId), "--sector-id", std::to_string(kSectorId + 1),
                "--params-dir", w.params_dir.string()});
  CHECK(o.exit_code == 1);
  CHECK(o.out == "invalid\n");
  CHECK(o.err == "cuzk verify: " + w.c1.string() +
                     ": this C1 was sealed for another miner or sector (given: f01000 sector 8; "
                     "the C1's wrapper says sector 7), or under another porep_id than "
                     "StackedDrg2KiBV1_1's; " +
                     w.proof.string() + ": the pairing check failed\n");
}

TEST_CASE("cuzk prove: every failure is one line, a non-zero exit and no file") {
  const World& w = world();
  const fs::path out_dir = w.dir.path() / "out";
  fs::create_directories(out_dir);
  const fs::path out = out_dir / "proof.bin";
  const std::string params = w.params_dir.string();

  const fs::path garbage = w.dir.path() / "garbage.json";
  write_text(garbage, "{\"SectorNum\":7,\"Phase1Out\":\"not base64!\",\"SectorSize\":2048}");
  sealing::SealCommitOutput broken = seal_sector(/*data_seed=*/5);
  broken.partitions[0][1].comm_r_last.leaf[0] ^= 0x01;  // a replica node that is not in tree R
  const fs::path broken_c1 = w.dir.path() / "broken_c1.json";
  write_text(broken_c1, c1_file_text(broken));

  const fs::path empty_dir = w.dir.path() / "no-params";
  fs::create_directories(empty_dir);
  const fs::path foreign_inputs = w.dir.path() / "foreign-inputs";
  write_toy_parameters(prover::parameter_paths(foreign_inputs, kProof), 3);
  const fs::path foreign_lengths = w.dir.path() / "foreign-lengths";
  write_toy_parameters(prover::parameter_paths(foreign_lengths, kProof), 39);

  struct Case {
    const char* what;
    std::vector<std::string> args;
    std::string message;
  };
  const std::string c1 = w.c1.string();
  const std::string missing_c1 = (w.dir.path() / "absent.json").string();
  std::vector<Case> cases = {
      {"missing parameters",
       {"prove", c1, "-o", out.string(), "--params-dir", empty_dir.string()},
       "missing parameters: v28-stacked-proof-of-replication-merkletree-poseidon_hasher-8-0-0-"},
      {"parameters with another input count",
       {"prove", c1, "-o", out.string(), "--params-dir", foreign_inputs.string()},
       "ic has 4 points, the circuit needs 40"},
      {"parameters of another circuit with the same inputs",
       {"prove", c1, "-o", out.string(), "--params-dir", foreign_lengths.string()},
       "the parameters do not belong to this circuit: h has"},
      {"corrupt C1",
       {"prove", garbage.string(), "-o", out.string(), "--params-dir", params},
       "garbage.json"},
      {"missing C1",
       {"prove", missing_c1, "-o", out.string(), "--params-dir", params},
       "cuzk: " + missing_c1 + ": no such file\n"},
      {"C1 whose vanilla proofs do not check",
       {"prove", broken_c1.string(), "-o", out.string(), "--params-dir", params},
       "cuzk: " + broken_c1.string() +
           ": partition 0, challenge 1: the replica node is not the label of layer 2 plus the "
           "data node\n"},
      {"another miner's sector",
       {"prove", c1, "-o", out.string(), "--params-dir", params, "--miner-id", "1001"},
       "cuzk: " + c1 +
           ": this C1 was sealed for another miner or sector (given: f01001 sector 7; the C1's "
           "wrapper says sector 7 too), or under another porep_id than StackedDrg2KiBV1_1's\n"},
      {"unwritable output",
       {"prove", c1, "-o", (out_dir / "no-such-dir" / "proof.bin").string(), "--params-dir",
        params},
       "no-such-dir"},
  };
  // A GPU requested where there is none: the message says why (no device, or no CUDA in this
  // build).
  if (!cuzk::kernels::gpu_available(cuzk::kernels::Device(0))) {
    cases.push_back({"GPU requested",
                     {"prove", c1, "-o", out.string(), "--params-dir", params, "--backend", "gpu"},
                     "--backend gpu: no usable GPU (no CUDA device: "});
  }
  for (const Case& c : cases) {
    INFO(c.what);
    const Outcome o = run_cuzk(c.args);
    INFO(o.err);
    CHECK(o.exit_code == 1);
    CHECK(o.out.empty());
    // Progress lines come first; the error is the last line and the only one starting "cuzk: ".
    const std::size_t last = o.err.rfind("cuzk: ");
    REQUIRE(last != std::string::npos);
    CHECK(one_line(o.err.substr(last)));
    CHECK(o.err.find(c.message, last) != std::string::npos);
    CHECK(listing(out_dir).empty());
  }

  const Outcome check =
      run_cuzk({"params", "check", prover::parameter_paths(foreign_lengths, kProof).params.string(),
                "--registered-proof", kProofName});
  CHECK(check.exit_code == 1);
  CHECK(check.out.find("MISMATCH") != std::string::npos);
}

TEST_CASE("cuzk prove: the output may be neither the C1 nor a directory, refused before any work") {
  const World& w = world();
  const fs::path dir = w.dir.path() / "same-file";
  fs::create_directories(dir);
  const fs::path c1 = dir / "c1.json";
  fs::copy_file(w.c1, c1);
  const std::vector<std::uint8_t> c1_bytes = read_bytes(c1);
  fs::create_symlink(c1, dir / "symlink.json");
  fs::create_hard_link(c1, dir / "hardlink.json");
  fs::create_directories(dir / "a-directory");

  struct Case {
    const char* what;
    fs::path output;
    std::string message;
  };
  const Case cases[] = {
      {"the C1's own path", c1, c1.string() + ": is the C1 file " + c1.string()},
      {"another spelling of it", dir / "." / "c1.json", "is the C1 file"},
      {"a symbolic link to it", dir / "symlink.json", "is the C1 file"},
      {"a hard link to it", dir / "hardlink.json", "is the C1 file"},
      {"a directory", dir / "a-directory", (dir / "a-directory").string() + ": is a directory"},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    const Outcome o = run_cuzk({"prove", c1.string(), "-o", c.output.string(), "--params-dir",
                                w.params_dir.string(), "--miner-id", std::to_string(kMinerId),
                                "--sector-id", std::to_string(kSectorId)});
    INFO(o.err);
    CHECK(o.exit_code == 1);
    // The refusal is the only line: nothing was read or proved before it.
    CHECK(one_line(o.err));
    CHECK(o.err.rfind("cuzk: ", 0) == 0);
    CHECK(o.err.find(c.message) != std::string::npos);
    CHECK(read_bytes(c1) == c1_bytes);
  }
  CHECK(fs::is_directory(dir / "a-directory"));
  CHECK(fs::is_empty(dir / "a-directory"));
}

TEST_CASE("cuzk params: check the generated files, never overwrite them") {
  const World& w = world();
  const Outcome params =
      run_cuzk({"params", "check", w.params.params.string(), "--registered-proof", kProofName});
  INFO(params.err);
  CHECK(params.exit_code == 0);
  CHECK(params.out.find("ic                   40             40  ok") != std::string::npos);
  CHECK(params.out.find("h               4194303        4194303  ok") != std::string::npos);
  const Outcome vk =
      run_cuzk({"params", "check", w.params.vk.string(), "--registered-proof", kProofName});
  CHECK(vk.exit_code == 0);
  CHECK(fs::file_size(w.params.vk) == 4708);  // spec §4.4: 864 + 4 + 96 x 40

  // The fixture's files through links in a directory of this test's own: `params generate` takes
  // its lock beside them, and a generate that went wrong would replace a link, never the shared
  // file.
  const fs::path linked = w.dir.path() / "linked-params";
  fs::create_directories(linked);
  for (const auto& file : fs::directory_iterator(w.params_dir)) {
    fs::create_symlink(file.path(), linked / file.path().filename());
  }
  const fs::path linked_params = prover::parameter_paths(linked, kProof).params;
  const auto before = fs::last_write_time(linked_params);
  const Outcome again = run_cuzk({"params", "generate", "--registered-proof", kProofName,
                                  "--params-dir", linked.string(), "-q"});
  CHECK(again.exit_code == 1);
  CHECK(again.err.find("--force replaces them") != std::string::npos);
  CHECK(fs::is_symlink(linked_params));
  CHECK(fs::last_write_time(linked_params) == before);
}

namespace {

// The real parameters with alpha_g1 replaced: proofs are made, but they cannot verify.
class WrongVerifyingKey final : public cuzk::prover::ParameterSource {
 public:
  explicit WrongVerifyingKey(const cuzk::prover::ParameterSource& real)
      : real_(real), vk_(real.vk()) {
    vk_.alpha_g1 = -vk_.alpha_g1;
  }
  const cuzk::prover::VerifyingKey& vk() const override { return vk_; }
  cuzk::prover::VectorLengths lengths() const override { return real_.lengths(); }
  cuzk::prover::PointVector<cuzk::prover::G1Affine> h() const override { return real_.h(); }
  cuzk::prover::PointVector<cuzk::prover::G1Affine> l() const override { return real_.l(); }
  cuzk::prover::PointVector<cuzk::prover::G1Affine> a() const override { return real_.a(); }
  cuzk::prover::PointVector<cuzk::prover::G1Affine> b_g1() const override { return real_.b_g1(); }
  cuzk::prover::PointVector<cuzk::prover::G2Affine> b_g2() const override { return real_.b_g2(); }
  std::string name() const override { return "wrong-vk parameters"; }

 private:
  const cuzk::prover::ParameterSource& real_;
  cuzk::prover::VerifyingKey vk_;
};

}  // namespace

TEST_CASE("prove_seal: a proof that fails self-verification is never returned") {
  const World& w = world();
  const cuzk::prover::MappedParameters real(w.params.params, cuzk::bls12_381::SubgroupCheck::kNo);
  const WrongVerifyingKey wrong(real);
  const porep::C1Output c1 = porep::load_c1_file(w.c1);
  cuzk::prover::CpuBackend backend;
  CHECK_THROWS_WITH_AS(seal::prove_seal(c1, wrong, backend, {}),
                       doctest::Contains("failed self-verification"), cuzk::Error);
}

TEST_CASE("verify_seal (library): public inputs and the verdict from bytes") {
  const World& w = world();
  const seal::SealStatement statement{.proof = kProof,
                                      .comm_r = w.sector.comm_r,
                                      .comm_d = w.sector.comm_d,
                                      .prover_id = porep::prover_id_from_actor_id(kMinerId),
                                      .sector_id = kSectorId,
                                      .ticket = w.sector.ticket,
                                      .seed = w.sector.seed};
  const porep::SealPublicValues values = seal::seal_public_values(statement);
  CHECK(values.replica_id == w.sector.replica_id);  // recomputed as the sealer computed it
  const auto inputs = seal::seal_public_inputs(kProof, values);
  REQUIRE(inputs.size() == 1);
  CHECK(inputs[0].size() == 39);  // 3 + 18 x 2 challenges (spec §3.6)

  const cuzk::prover::PreparedVerifyingKey pvk(cuzk::prover::read_verifying_key_file(w.params.vk));
  const auto bytes = read_bytes(w.proof);
  CHECK(seal::verify_seal(pvk, statement, bytes).valid);
  seal::SealStatement other = statement;
  other.sector_id += 1;
  const seal::SealVerdict verdict = seal::verify_seal(pvk, other, bytes);
  CHECK_FALSE(verdict.valid);
  CHECK(verdict.reason == "the pairing check failed");
  seal::SealStatement zero = statement;
  zero.comm_d = Domain{};
  CHECK_THROWS_WITH_AS(seal::verify_seal(pvk, zero, bytes), "invalid all-zero commitment (comm_d)",
                       cuzk::Error);
}

TEST_CASE("cuzk prove --verify-params: test, truncated or foreign parameters are refused") {
  const World& w = world();
  // Without --verify-params the marker beside the test parameters is reported.
  CHECK(w.prove.err.find(prover::test_marker_path(w.params.params).string() +
                         " marks INSECURE TEST parameters") != std::string::npos);

  const fs::path out_dir = w.dir.path() / "out-verify-params";
  fs::create_directories(out_dir);
  const fs::path out = out_dir / "proof.bin";
  const std::string c1 = w.c1.string();
  // The first 100 MB of the test parameters, unmarked: a truncated download.
  const fs::path truncated = w.dir.path() / "truncated-params";
  const fs::path truncated_file = prover::parameter_paths(truncated, kProof).params;
  fs::create_directories(truncated);
  fs::copy_file(w.params.params, truncated_file);
  fs::resize_file(truncated_file, 100'000'000);

  struct Case {
    std::string what;
    std::vector<std::string> args;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"test parameters",
       {"prove", c1, "-o", out.string(), "--params-dir", w.params_dir.string(), "--verify-params"},
       w.params.params.string() + ": INSECURE TEST parameters (" +
           prover::test_marker_path(w.params.params).filename().string() +
           "), not Filecoin's published file"},
      {"a truncated file, digest checked",
       {"prove", c1, "-o", out.string(), "--params-dir", truncated.string(), "--verify-params"},
       truncated_file.string() + ": digest " + prover::parameter_file_digest(truncated_file) +
           " is not the published 434fb1338ecfaf0f59256f30dde4968f (a corrupt download or a "
           "foreign file; `cuzk params check` checks the cache)"},
      {"a truncated file, header checked",
       {"prove", c1, "-o", out.string(), "--params-dir", truncated.string()},
       ": truncated: h (4194303 points) needs 402653088 bytes at offset 4712, only 99995288 "
       "remain (a truncated download? `cuzk params check` compares the cache with the "
       "published digests)"},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    const Outcome o = run_cuzk(c.args);
    INFO(o.err);
    CHECK(o.exit_code == 1);
    const std::size_t last = o.err.rfind("cuzk: ");
    REQUIRE(last != std::string::npos);
    CHECK(one_line(o.err.substr(last)));
    CHECK(o.err.find(c.message, last) != std::string::npos);
    CHECK(listing(out_dir).empty());
  }
}

TEST_CASE("cuzk prove: a full disk when writing the proof, or a read-only output directory") {
  const World& w = world();
  const fs::path out_dir = w.dir.path() / "out-host-faults";
  fs::create_directories(out_dir);
  const fs::path out = out_dir / "proof.bin";
  const std::vector<std::string> args = {"prove",        w.c1.string(),         "-o", out.string(),
                                         "--params-dir", w.params_dir.string(), "-q"};
  {
    // 150 bytes fit the error line on the captured stderr, not the 192-byte proof.
    const cuzk::test::FileSizeLimit limit(150);
    const Outcome o = run_cuzk(args);
    CHECK(o.exit_code == 1);
    CHECK(o.err == "cuzk: " + out.string() + ": write failed: File too large\n");
  }
  CHECK(listing(out_dir).empty());

  // Read-only for a user other than root; the child fails before any OpenMP work (no proving).
  const fs::path read_only = cuzk::test::make_read_only_dir(w.dir, "out-read-only");
  const fs::path unwritable = read_only / "proof.bin";
  CHECK(cuzk::test::run_in_child(
            [&]() -> std::string {
              const Outcome o = run_cuzk(with(args, "-o", unwritable.string()));
              const std::string want = "cuzk: " + unwritable.string() +
                                       ": cannot create output file: Permission denied\n";
              return o.exit_code == 1 && o.err == want ? "" : std::to_string(o.exit_code) + o.err;
            },
            cuzk::test::ChildUser::kUnprivileged) == "");
  CHECK(listing(read_only).empty());
}
