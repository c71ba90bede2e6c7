// `cuzk gen-c1` and `cuzk check-c1` end to end through cli::run: a generated 2 KiB C1 is written
// atomically, reported, and checked valid (also against the miner and sector it was made for, the
// miner given as a number or an ID address); another miner's or sector's C1, a corrupted and a
// missing file are named invalid with exit 1; --registered-proof names every registered proof;
// usage errors exit 2.
#include <doctest/doctest.h>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "cli/cli.hpp"
#include "cli_runner.hpp"
#include "porep/c1_parser.hpp"
#include "porep/registered_proof.hpp"
#include "util/hex.hpp"

namespace {

using cuzk::test::run_cuzk;
using Outcome = cuzk::test::CliOutcome;

// A file path unique to this process, removed at scope exit.
struct TempPath {
  std::filesystem::path path = std::filesystem::temp_directory_path() /
                               ("cuzk_gen_c1_test_" + std::to_string(::getpid()) + ".json");
  ~TempPath() { std::filesystem::remove(path); }
  std::string str() const { return path.string(); }
};

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

}  // namespace

TEST_CASE("cuzk gen-c1 then check-c1: a valid 2 KiB C1") {
  const TempPath file;
  const Outcome gen = run_cuzk({"gen-c1", "--registered-proof", "StackedDrg2KiBV1_1", "-o",
                                file.str(), "--miner-id", "1234", "--sector-id", "9"});
  REQUIRE(gen.exit_code == 0);
  const cuzk::porep::C1Output c1 = cuzk::porep::load_c1_file(file.path);
  CHECK(c1.sector_number == 9);
  // One line each: replica_id, comm_d, comm_r, prover_id (1234 = LEB128 d2 09), sector_id.
  CHECK(gen.out.find("replica_id " + cuzk::to_hex(c1.replica_id) + "\n") == 0);
  CHECK(gen.out.find("comm_d " + cuzk::to_hex(c1.comm_d) + "\n") != std::string::npos);
  CHECK(gen.out.find("comm_r " + cuzk::to_hex(c1.comm_r) + "\n") != std::string::npos);
  CHECK(gen.out.find("prover_id d209000000") != std::string::npos);
  CHECK(gen.out.ends_with("sector_id 9\n"));

  CHECK(run_cuzk({"check-c1", file.str()}).out == "valid\n");
  const Outcome same = run_cuzk({"check-c1", file.str(), "--miner-id", "1234", "--sector-id", "9"});
  CHECK(same.exit_code == 0);
  CHECK(same.out == "valid\n");
  // Another miner, another sector: what was given, and the sector the wrapper records.
  const std::pair<std::vector<std::string>, std::string> others[] = {
      {{"--miner-id", "1000", "--sector-id", "9"},
       "given: f01000 sector 9; the C1's wrapper says sector 9 too"},
      {{"--miner-id", "f01234", "--sector-id", "10"},
       "given: f01234 sector 10; the C1's wrapper says sector 9"},
  };
  for (const auto& [ids, given] : others) {
    INFO(given);
    std::vector<std::string> args = {"check-c1", file.str()};
    args.insert(args.end(), ids.begin(), ids.end());
    const Outcome other = run_cuzk(args);
    CHECK(other.exit_code == 1);
    CHECK(other.out == "invalid: " + file.str() +
                           ": this C1 was sealed for another miner or sector (" + given +
                           "), or under another porep_id than StackedDrg2KiBV1_1's\n");
  }
  const Outcome as_address =
      run_cuzk({"check-c1", file.str(), "--miner-id", "f01234", "--sector-id", "9"});
  CHECK(as_address.exit_code == 0);
  CHECK(as_address.out == "valid\n");

  // The same options give the same file, with the miner as a number or an ID address.
  const std::string first = read_file(file.path);
  for (const char* miner : {"1234", "f01234", "t01234"}) {
    INFO(miner);
    REQUIRE(run_cuzk({"gen-c1", "--registered-proof", "StackedDrg2KiBV1_1", "-o", file.str(),
                      "--miner-id", miner, "--sector-id", "9"})
                .exit_code == 0);
    CHECK(read_file(file.path) == first);
  }
}

TEST_CASE("cuzk check-c1: a corrupted C1 exits 1 and names the failure") {
  const TempPath file;
  REQUIRE(run_cuzk({"gen-c1", "--registered-proof", "StackedDrg2KiBV1", "-o", file.str(), "--inner",
                    "--seed", std::string(62, '0') + "07"})
              .exit_code == 0);
  std::string json = read_file(file.path);
  // The first label of the first labeling proof: one of the 37 parents, byte 0.
  const std::size_t at = json.find("\"labeling_proofs\":[{\"parents\":[[") + 32;
  json[at] = json[at] == '1' ? '2' : '1';
  std::ofstream(file.path, std::ios::binary | std::ios::trunc) << json;
  const Outcome o = run_cuzk({"check-c1", file.str()});
  CHECK(o.exit_code == 1);
  CHECK(o.out == "invalid: " + file.str() +
                     ": partition 0, challenge 0: labeling_proofs[0]: its parents are not the "
                     "parent columns' labels\n");
  std::ofstream(file.path, std::ios::binary | std::ios::trunc) << "{}";
  CHECK(run_cuzk({"check-c1", file.str()}).exit_code == 1);
  std::filesystem::remove(file.path);
  const Outcome missing = run_cuzk({"check-c1", file.str()});
  CHECK(missing.exit_code == 1);
  CHECK(missing.out == "invalid: " + file.str() + ": no such file\n");
}

TEST_CASE("cuzk gen-c1: --registered-proof names every registered proof, in --help and errors") {
  const Outcome help = run_cuzk({"gen-c1", "--help"});
  CHECK(help.exit_code == 0);
  const std::size_t at = help.out.find("--registered-proof");
  REQUIRE(at != std::string::npos);
  // One a line, in id order, after the option's own words.
  const std::size_t list = help.out.find("Registered seal proof, one of:\n", at);
  REQUIRE(list != std::string::npos);
  std::size_t previous = list;
  for (const std::string_view name :
       {"StackedDrg2KiBV1\n", "StackedDrg8MiBV1\n", "StackedDrg2KiBV1_1\n",
        "StackedDrg64GiBV1_1_Feat_SyntheticPoRep\n",
        "StackedDrg64GiBV1_2_Feat_NonInteractivePoRep\n"}) {
    INFO(name);
    const std::size_t found = help.out.find(name, previous);
    CHECK(found != std::string::npos);
    previous = found;
  }

  const Outcome unknown = run_cuzk({"gen-c1", "--registered-proof", "StackedDrg3KiBV1", "-o", "x"});
  cuzk::test::check_usage_error(unknown);
  CHECK(unknown.err ==
        "cuzk: --registered-proof 'StackedDrg3KiBV1' is not a registered seal proof; the "
        "registered proofs are " +
            cuzk::porep::seal_proof_names(", ") + "\n");
  CHECK(unknown.err.find("StackedDrg2KiBV1, StackedDrg8MiBV1, StackedDrg512MiBV1, ") !=
        std::string::npos);
}

TEST_CASE("cuzk gen-c1 / check-c1: usage errors exit with 2") {
  const TempPath file;
  CHECK(
      run_cuzk({"gen-c1", "--registered-proof", "StackedDrg3KiBV1", "-o", file.str()}).exit_code ==
      2);
  CHECK(run_cuzk({"gen-c1", "--registered-proof", "StackedDrg2KiBV1"}).exit_code == 2);
  CHECK(run_cuzk({"gen-c1", "--registered-proof", "StackedDrg2KiBV1", "-o", file.str(),
                  "--miner-id", "1", "--prover-id", std::string(64, '0')})
            .exit_code == 2);
  CHECK(run_cuzk({"gen-c1", "--registered-proof", "StackedDrg2KiBV1", "-o", file.str(), "--ticket",
                  "abc"})
            .exit_code == 2);
  CHECK(run_cuzk({"gen-c1", "--registered-proof", "StackedDrg2KiBV1", "-o", file.str(), "--seed",
                  std::string(64, '0')})
            .exit_code == 2);
  CHECK(run_cuzk({"gen-c1", "--registered-proof", "StackedDrg2KiBV1", "-o", file.str(), "--method",
                  "fast"})
            .exit_code == 2);
  CHECK(!std::filesystem::exists(file.path));
  CHECK(run_cuzk({"check-c1"}).exit_code == 2);
  CHECK(run_cuzk({"check-c1", file.str(), "--sector-id", "3"}).exit_code == 2);
  CHECK(run_cuzk({"check-c1", file.str(), "--prover-id", "12", "--sector-id", "3"}).exit_code == 2);
}
