// `cuzk bench witness` through cli::run on a 2 KiB sector: the two generators agree (the command
// fails otherwise), one line each and the ratio on stdout; usage errors exit with 2. No time is
// asserted.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "cli_runner.hpp"

using cuzk::test::lines_of;
using cuzk::test::run_cuzk;

TEST_CASE("cuzk bench witness: usage errors exit with 2") {
  CHECK(run_cuzk({"bench", "witness", "--registered-proof", "StackedDrg3GiBV1"}).exit_code == 2);
  CHECK(run_cuzk(
            {"bench", "witness", "--registered-proof", "StackedDrg2KiBV1_1", "--partitions", "2"})
            .exit_code == 2);
  CHECK(run_cuzk({"bench", "witness", "--registered-proof", "StackedDrg2KiBV1_1", "--threads", "0"})
            .exit_code == 2);
  CHECK(run_cuzk({"bench", "witness"}).exit_code == 2);
}

TEST_CASE("cuzk bench witness on a 2 KiB sector: native equals generic, three lines") {
  const cuzk::test::CliOutcome o =
      run_cuzk({"bench", "witness", "--registered-proof", "StackedDrg2KiBV1_1", "--repeat", "2"});
  REQUIRE(o.exit_code == 0);
  const std::vector<std::string> lines = lines_of(o.out);
  REQUIRE(lines.size() == 3);
  CHECK(lines[0].rfind("native ", 0) == 0);
  CHECK(lines[1].rfind("generic ", 0) == 0);
  CHECK(lines[0].find(" M aux/s ") != std::string::npos);
  CHECK(lines[1].find(" M aux/s ") != std::string::npos);
  CHECK(lines[2].rfind("ratio ", 0) == 0);
  // A 2 KiB partition's aux count (porep-circuit.md 4.2) and its compact size.
  CHECK(o.err.find("1 partition(s) of 2685673 aux values") != std::string::npos);
  CHECK(o.err.find("compact witness") != std::string::npos);
}
