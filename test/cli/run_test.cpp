// cli::run itself: the command line above the subcommands. A line that names no command points to
// the help that lists them, exit 2, as every usage error.
#include <doctest/doctest.h>

#include <string>

#include "cli_runner.hpp"

namespace {

using cuzk::test::check_usage_error;
using cuzk::test::run_cuzk;
using Outcome = cuzk::test::CliOutcome;

}  // namespace

TEST_CASE("cuzk without a command points to cuzk --help, exit 2") {
  const Outcome bare = run_cuzk({});
  check_usage_error(bare);
  CHECK(bare.err == "cuzk: no command given; `cuzk --help` lists them\n");
}

TEST_CASE("a group without its command points to the group's --help, exit 2") {
  for (const std::string group : {"params", "bench"}) {
    INFO(group);
    const Outcome o = run_cuzk({group});
    check_usage_error(o);
    CHECK(o.err == "cuzk: no command given; `cuzk " + group + " --help` lists them\n");
  }
}

TEST_CASE("a command without a required option still says which option, exit 2") {
  const Outcome o = run_cuzk({"gen-c1", "-o", "c1.json"});
  check_usage_error(o);
  CHECK(o.err == "cuzk: --registered-proof is required\n");
}
