// `cuzk prove --jobs` over a list that mixes proof types, on the CPU with 2 KiB sectors: a
// SnapDeals update job (--update, an input from `cuzk gen-update`) and a PoRep job (a C1 from `cuzk
// gen-c1`), with the parameters of the ctest fixtures params_update_2kib and params_2kib linked
// into one directory. Both proofs are written and valid by `cuzk verify-update` and `cuzk verify`,
// the parameters are swapped between them, the command line's --miner-id is the PoRep job's
// default and no concern of the update job's, and the timings name each job's proof. An update
// line with a PoRep option refuses the whole list with one line naming the line.
#include <doctest/doctest.h>
#include <simdjson.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "params_2kib.hpp"
#include "temp_dir.hpp"

namespace {

namespace fs = std::filesystem;

using cuzk::test::one_line;
using cuzk::test::run_cuzk;
using cuzk::test::TempDir;
using Outcome = cuzk::test::CliOutcome;

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

// Both fixtures' files linked into one parameter directory, an update input and a C1 (miner
// 1000, sector 5), made once.
struct World {
  TempDir dir{"prove_jobs_update"};
  fs::path params = dir / "params";
  fs::path update = dir / "update.json";
  fs::path c1 = dir / "c1.json";

  World() {
    fs::create_directories(params);
    for (const fs::path& fixture :
         {cuzk::test::params_2kib_dir(), cuzk::test::params_update_2kib_dir()}) {
      for (const auto& e : fs::directory_iterator(fixture)) {
        fs::create_symlink(e.path(), params / e.path().filename());
      }
    }
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"gen-update", "--registered-proof", "StackedDrg2KiBV1", "-o",
                                   update.string()},
          std::vector<std::string>{"gen-c1", "--registered-proof", "StackedDrg2KiBV1_1",
                                   "--miner-id", "1000", "--sector-id", "5", "-o", c1.string()}}) {
      const Outcome o = run_cuzk(args);
      INFO(o.err);
      REQUIRE(o.exit_code == 0);
    }
  }
};

const World& world() {
  static const World w;
  return w;
}

}  // namespace

TEST_CASE("cuzk prove --jobs: an update job and a PoRep job in one list, both proofs valid") {
  const World& w = world();
  const TempDir out("prove_jobs_update_out");
  const fs::path list = w.dir / "mixed-jobs.txt";
  const fs::path update_proof = out / "update.proof";
  const fs::path porep_proof = out / "porep.proof";
  std::ofstream(list) << "# a SnapDeals update, then a PoRep C2\n"
                      << w.update.string() << " " << update_proof.string() << " --update\n"
                      << w.c1.string() << " " << porep_proof.string() << "\n";
  const fs::path timings = w.dir / "mixed-timings.json";
  const Outcome o =
      run_cuzk({"prove", "--jobs", list.string(), "--params-dir", w.params.string(), "--backend",
                "cpu", "--miner-id", "1000", "--timings", timings.string()});
  INFO(o.err);
  CHECK(o.exit_code == 0);
  CHECK(contains(o.err, "job 1: read " + w.update.string() +
                            ": StackedDrg2KiBV1 update, 1 "
                            "partition(s)"));
  CHECK(contains(o.err, "job 1 (" + w.update.string() + "): wrote " + update_proof.string()));
  CHECK(contains(o.err, "parameters: swapping StackedDrg2KiBV1 update for StackedDrg2KiBV1_1"));
  CHECK(contains(o.err, "job 2 (" + w.c1.string() + "): wrote " + porep_proof.string()));
  CHECK(contains(o.err, "summary: 2 sectors proved, 0 failed"));

  const Outcome update_valid =
      run_cuzk({"verify-update", "--proof", update_proof.string(), "--update-input",
                w.update.string(), "--params-dir", w.params.string()});
  CHECK(update_valid.exit_code == 0);
  CHECK(update_valid.out == "valid\n");
  const Outcome porep_valid =
      run_cuzk({"verify", "--c1", w.c1.string(), "--proof", porep_proof.string(), "--miner-id",
                "1000", "--sector-id", "5", "--params-dir", w.params.string()});
  CHECK(porep_valid.exit_code == 0);
  CHECK(porep_valid.out == "valid\n");

  simdjson::dom::parser parser;
  const simdjson::padded_string json = simdjson::padded_string::load(timings.string());
  const simdjson::dom::array jobs = parser.parse(json)["jobs"];
  REQUIRE(jobs.size() == 2);
  CHECK(std::string_view(jobs.at(0)["proof"]) == "update");
  CHECK(std::string_view(jobs.at(1)["proof"]) == "porep");
  CHECK(std::string_view(jobs.at(0)["input"]) == w.update.string());
  // Each job loaded its own parameters.
  CHECK(jobs.at(0)["timings"]["phases"]["load_update"].error() == simdjson::SUCCESS);
  CHECK(jobs.at(0)["timings"]["phases"]["load_params"].error() == simdjson::SUCCESS);
  CHECK(jobs.at(1)["timings"]["phases"]["load_c1"].error() == simdjson::SUCCESS);
  CHECK(jobs.at(1)["timings"]["phases"]["load_params"].error() == simdjson::SUCCESS);
}

TEST_CASE("cuzk prove --jobs: an update line with a PoRep option refuses the list, naming it") {
  const World& w = world();
  const TempDir out("prove_jobs_update_refused");
  const fs::path list = w.dir / "refused-jobs.txt";
  std::ofstream(list) << w.c1.string() << " " << (out / "a.proof").string()
                      << " --miner-id 1000 --sector-id 5\n"
                      << w.update.string() << " " << (out / "b.proof").string()
                      << " --update --porep-id " << std::string(64, '0') << "\n";
  const Outcome o = run_cuzk(
      {"prove", "--jobs", list.string(), "--params-dir", w.params.string(), "--backend", "cpu"});
  INFO(o.err);
  CHECK(o.exit_code == 1);
  CHECK(one_line(o.err));
  CHECK(contains(o.err, list.string() + ": 1 bad line, nothing proved: line 2: --porep-id does "
                                        "not apply to an update job (--update)"));
  CHECK(fs::is_empty(out.path()));
}
