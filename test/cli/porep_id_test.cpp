// --porep-id and --api-version through cli::run, as the `cuzk` binary runs them:
//  * a round trip under a custom, non-zero porep_id: the test parameters of the ctest fixture
//    params_2kib (params_2kib.hpp; the porep_id is no part of the circuit, so mainnet's parameter
//    files serve), `cuzk gen-c1`, `cuzk check-c1`, `cuzk prove` and `cuzk verify` of a 2 KiB
//    sector, all told the same porep_id; the C1 and the proof fail under mainnet's;
//  * the outside proof of ../shared/vectors/polka-storage-2kib-porep.json verified by
//    `cuzk verify --vk` with that project's porep_id and API version, and not without them;
//  * malformed values and an API version a feature does not allow are usage errors (exit 2).
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "polka_storage_vector.hpp"
#include "porep/registered_proof.hpp"
#include "porep/replica_id.hpp"
#include "prover/setup/test_setup.hpp"
#include "util/hex.hpp"

#include "cli_runner.hpp"
#include "file_bytes.hpp"
#include "params_2kib.hpp"
#include "temp_dir.hpp"

namespace {

namespace porep = cuzk::porep;
namespace fs = std::filesystem;

using cuzk::test::check_usage_error;
using cuzk::test::one_line;
using cuzk::test::read_bytes;
using cuzk::test::run_cuzk;
using cuzk::test::TempDir;
using cuzk::test::write_bytes;
using Outcome = cuzk::test::CliOutcome;

constexpr const char* kProofName = "StackedDrg2KiBV1_1";
constexpr const char* kPorepId = "0f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff0";
constexpr const char* kMinerId = "1000";
constexpr const char* kSectorId = "3";
// gen-c1's ticket and seed when none are given.
constexpr const char* kDefaultRandomness =
    "0101010101010101010101010101010101010101010101010101010101010101";

// The value of the line "<key> <value>" that gen-c1 prints.
std::string printed(const std::string& out, const std::string& key) {
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind(key + " ", 0) == 0) return line.substr(key.size() + 1);
  }
  FAIL("gen-c1 printed no " << key);
  return {};
}

// The fixture's parameters, a sector sealed under kPorepId and its proof, made once for every case.
struct World {
  TempDir dir{"porep_id"};
  fs::path params_dir = cuzk::test::params_2kib_dir();
  fs::path c1 = dir.path() / "c1.json";
  fs::path proof = dir.path() / "proof.bin";
  Outcome gen_c1;
  Outcome prove;

  World() {
    gen_c1 = run_cuzk({"gen-c1", "--registered-proof", kProofName, "-o", c1.string(), "--miner-id",
                       kMinerId, "--sector-id", kSectorId, "--porep-id", kPorepId, "-v"});
    prove =
        run_cuzk({"prove", c1.string(), "-o", proof.string(), "--params-dir", params_dir.string(),
                  "--miner-id", kMinerId, "--sector-id", kSectorId, "--porep-id", kPorepId, "-v"});
  }

  std::vector<std::string> verify_args() const {
    return {"verify", "--c1",        c1.string(), "--proof",      proof.string(),     "--miner-id",
            kMinerId, "--sector-id", kSectorId,   "--params-dir", params_dir.string()};
  }
};

const World& world() {
  static const World w;
  return w;
}

std::vector<std::string> plus(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

}  // namespace

TEST_CASE("gen-c1 --porep-id: replica_id is derived from the custom porep_id") {
  const World& w = world();
  INFO(w.gen_c1.err);
  REQUIRE(w.gen_c1.exit_code == 0);
  CHECK(w.gen_c1.err.find(std::string("cuzk gen-c1: porep_id ") + kPorepId +
                          " (--porep-id), API version 1.1.0 (StackedDrg2KiBV1_1's)\n") == 0);
  const auto id = cuzk::from_hex(kPorepId);
  REQUIRE(id);
  porep::PorepId porep_id{};
  std::copy(id->begin(), id->end(), porep_id.begin());
  const auto comm_d = cuzk::from_hex(printed(w.gen_c1.out, "comm_d"));
  REQUIRE(comm_d);
  porep::Domain comm_d_domain{};
  std::copy(comm_d->begin(), comm_d->end(), comm_d_domain.begin());
  porep::Domain ticket{};
  ticket.fill(0x01);  // kDefaultRandomness
  const porep::Domain replica_id =
      porep::replica_id(porep::prover_id_from_actor_id(1000), 3, ticket, comm_d_domain, porep_id);
  CHECK(printed(w.gen_c1.out, "replica_id") == cuzk::to_hex(replica_id));
}

TEST_CASE("check-c1: the custom-porep_id C1 is valid under it and invalid under mainnet's") {
  const World& w = world();
  const std::vector<std::string> check = {"check-c1", w.c1.string(), "--miner-id",
                                          kMinerId,   "--sector-id", kSectorId};
  const Outcome custom = run_cuzk(plus(check, {"--porep-id", kPorepId, "-v"}));
  INFO(custom.err);
  CHECK(custom.exit_code == 0);
  CHECK(custom.out == "valid\n");
  CHECK(custom.err.find("porep_id " + std::string(kPorepId) + " (--porep-id)") !=
        std::string::npos);

  const Outcome mainnet = run_cuzk(check);
  CHECK(mainnet.exit_code == 1);
  // What the C1 records: the sector number in its wrapper; the porep_id it was hashed under, not.
  CHECK(mainnet.out == "invalid: " + w.c1.string() +
                           ": this C1 was sealed for another miner or sector (given: f01000 sector "
                           "3; the C1's wrapper says sector 3 too), or under another porep_id "
                           "than StackedDrg2KiBV1_1's\n");
}

TEST_CASE("prove and verify under a custom porep_id; the proof fails under mainnet's") {
  const World& w = world();
  INFO(w.prove.err);
  REQUIRE(w.prove.exit_code == 0);
  CHECK(read_bytes(w.proof).size() == 192);
  CHECK(w.prove.err.find(std::string("porep_id ") + kPorepId +
                         " (--porep-id), API version 1.1.0 (StackedDrg2KiBV1_1's)") !=
        std::string::npos);
  CHECK(w.prove.err.find("verify: valid, with replica_id recomputed") != std::string::npos);

  const Outcome custom = run_cuzk(plus(w.verify_args(), {"--porep-id", kPorepId, "-v"}));
  INFO(custom.err);
  CHECK(custom.exit_code == 0);
  CHECK(custom.out == "valid\n");
  CHECK(custom.err == std::string("cuzk verify: porep_id ") + kPorepId +
                          " (--porep-id), API version 1.1.0 (StackedDrg2KiBV1_1's)\n");

  // The same statement in the long form, with the values gen-c1 printed.
  const Outcome long_form = run_cuzk({"verify",
                                      "--proof",
                                      w.proof.string(),
                                      "--registered-proof",
                                      kProofName,
                                      "--comm-r",
                                      printed(w.gen_c1.out, "comm_r"),
                                      "--comm-d",
                                      printed(w.gen_c1.out, "comm_d"),
                                      "--miner-id",
                                      kMinerId,
                                      "--sector-id",
                                      kSectorId,
                                      "--ticket",
                                      kDefaultRandomness,
                                      "--seed",
                                      kDefaultRandomness,
                                      "--params-dir",
                                      w.params_dir.string(),
                                      "--porep-id",
                                      kPorepId});
  CHECK(long_form.exit_code == 0);
  CHECK(long_form.out == "valid\n");

  const Outcome mainnet = run_cuzk(plus(w.verify_args(), {"-v"}));
  CHECK(mainnet.exit_code == 1);
  CHECK(mainnet.out == "invalid\n");
  CHECK(
      mainnet.err.find("porep_id 0500000000000000000000000000000000000000000000000000000000000000 "
                       "(StackedDrg2KiBV1_1's)") != std::string::npos);

  // The right porep_id with the V1 graph is still another statement.
  const Outcome v1_graph =
      run_cuzk(plus(w.verify_args(), {"--porep-id", kPorepId, "--api-version", "1.0.0"}));
  CHECK(v1_graph.exit_code == 1);
  CHECK(v1_graph.out == "invalid\n");
}

TEST_CASE("prove without the porep_id the C1 was sealed under fails, and writes nothing") {
  const World& w = world();
  const fs::path out_dir = w.dir.path() / "out";
  fs::create_directories(out_dir);
  const fs::path out = out_dir / "proof.bin";
  const Outcome o = run_cuzk(
      {"prove", w.c1.string(), "-o", out.string(), "--params-dir", w.params_dir.string(), "-q"});
  CHECK(o.exit_code == 1);
  CHECK(one_line(o.err));
  CHECK(o.err.find("drg_parents") != std::string::npos);
  CHECK(fs::is_empty(out_dir));
}

TEST_CASE("cuzk verify: the polka-storage proof with its porep_id and API version") {
  const auto v = cuzk::test::load_polka_storage_vector();
  const TempDir dir("porep_id_polka");
  write_bytes(dir / "proof.bin", v.proof);
  write_bytes(dir / "polka.vk", v.vk);
  const auto& s = v.statement;
  const std::vector<std::string> args = {"verify",
                                         "--proof",
                                         (dir / "proof.bin").string(),
                                         "--registered-proof",
                                         kProofName,
                                         "--comm-r",
                                         cuzk::to_hex(s.comm_r),
                                         "--comm-d",
                                         cuzk::to_hex(s.comm_d),
                                         "--prover-id",
                                         cuzk::to_hex(s.prover_id),
                                         "--sector-id",
                                         std::to_string(s.sector_id),
                                         "--ticket",
                                         cuzk::to_hex(s.ticket),
                                         "--seed",
                                         cuzk::to_hex(s.seed),
                                         "--vk",
                                         (dir / "polka.vk").string()};
  const Outcome polka =
      run_cuzk(plus(args, {"--porep-id", std::string(64, '0'), "--api-version", "1.2.0", "-v"}));
  INFO(polka.err);
  CHECK(polka.exit_code == 0);
  CHECK(polka.out == "valid\n");
  CHECK(polka.err == "cuzk verify: porep_id " + std::string(64, '0') +
                         " (--porep-id), API version 1.2.0 (--api-version)\n");

  const Outcome mainnet = run_cuzk(args);
  CHECK(mainnet.exit_code == 1);
  CHECK(mainnet.out == "invalid\n");
}

TEST_CASE("--porep-id and --api-version: a bad value is a usage error, one line, exit 2") {
  const TempDir dir("porep_id_usage");
  const std::string out = (dir / "c1.json").string();
  const std::vector<std::string> gen = {"gen-c1", "--registered-proof", kProofName, "-o", out};
  const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
      {"porep_id of 31 bytes", plus(gen, {"--porep-id", std::string(62, 'a')})},
      {"porep_id not hex", plus(gen, {"--porep-id", std::string(64, 'g')})},
      {"unknown API version", plus(gen, {"--api-version", "1.3.0"})},
      {"API version in Rust's enum spelling", plus(gen, {"--api-version", "V1_1_0"})},
      {"synthetic PoRep before 1.2.0",
       {"gen-c1", "--registered-proof", "StackedDrg2KiBV1_1_Feat_SyntheticPoRep", "-o", out,
        "--api-version", "1.1.0"}},
      {"verify with a bad porep_id",
       {"verify", "--c1", out, "--proof", out, "--miner-id", "1", "--sector-id", "1", "--porep-id",
        "xyz"}},
  };
  for (const auto& [what, args] : cases) {
    INFO(what);
    check_usage_error(run_cuzk(args));
    CHECK(fs::is_empty(dir.path()));
  }
}
