// `cuzk bench update-witness` through cli::run on a 2 KiB update input that `cuzk gen-update`
// writes: the native and the sequential witnesses agree (the command fails otherwise), one line
// each and the ratio on stdout, the native line alone with --native-only; usage errors exit with
// 2. No time is asserted.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "temp_dir.hpp"

using cuzk::test::lines_of;
using cuzk::test::run_cuzk;

TEST_CASE("cuzk bench update-witness on a 2 KiB update: native equals WitnessCS") {
  const cuzk::test::TempDir dir("bench_update_witness_test");
  const std::string file = (dir.path() / "update.json").string();
  REQUIRE(
      run_cuzk({"gen-update", "--registered-proof", "StackedDrg2KiBV1", "-o", file}).exit_code ==
      0);

  const cuzk::test::CliOutcome o =
      run_cuzk({"bench", "update-witness", "--input", file, "--repeat", "2"});
  INFO(o.err);
  REQUIRE(o.exit_code == 0);
  const std::vector<std::string> lines = lines_of(o.out);
  REQUIRE(lines.size() == 3);
  CHECK(lines[0].rfind("native ", 0) == 0);
  CHECK(lines[1].rfind("WitnessCS ", 0) == 0);
  CHECK(lines[0].find(" M aux/s ") != std::string::npos);
  CHECK(lines[2].rfind("ratio ", 0) == 0);
  // A 2 KiB partition's aux count (test/circuit/update_r1cs_vectors.hpp) and its compact size.
  CHECK(o.err.find("partition 0: 1703569 aux values") != std::string::npos);
  CHECK(o.err.find("compact witness") != std::string::npos);

  const cuzk::test::CliOutcome native_only =
      run_cuzk({"bench", "update-witness", "--input", file, "--native-only", "--threads", "1"});
  REQUIRE(native_only.exit_code == 0);
  CHECK(lines_of(native_only.out).size() == 1);

  INFO("usage errors");
  CHECK(run_cuzk({"bench", "update-witness", "--input", file, "--partition", "1"}).exit_code == 2);
  CHECK(run_cuzk({"bench", "update-witness", "--input", file, "--threads", "0"}).exit_code == 2);
  CHECK(run_cuzk({"bench", "update-witness"}).exit_code == 2);
}
