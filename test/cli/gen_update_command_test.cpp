// `cuzk gen-update` end to end through cli::run: a 2 KiB update input (a really sealed old
// sector) is written, its commitments reported, and the file reads back with every partition
// verified; the sector size picks the same proof as its name; a size or name without an update
// proof, and no proof at all, are usage errors with one line.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "cli_runner.hpp"
#include "porep/update/update_input_json.hpp"
#include "temp_dir.hpp"
#include "util/hex.hpp"

namespace {

using cuzk::test::check_usage_error;
using cuzk::test::run_cuzk;
namespace update = cuzk::porep::update;

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

}  // namespace

TEST_CASE("cuzk gen-update writes a 2 KiB update input that verifies") {
  const cuzk::test::TempDir dir("gen_update_test");
  const std::string file = (dir.path() / "update.json").string();
  const auto gen = run_cuzk({"gen-update", "--registered-update-proof", "StackedDrg2KiBV1", "-o",
                             file, "--miner-id", "f01234", "--sector-id", "9"});
  INFO(gen.err);
  REQUIRE(gen.exit_code == 0);
  const update::UpdateInput input = update::load_update_input_file(file);  // full checks
  CHECK(input.proof == update::RegisteredUpdateProof::kStackedDrg2KiBV1);
  CHECK(input.miner_id == 1234u);
  CHECK(input.sector_number == 9u);
  CHECK(gen.out == "comm_r_old " + cuzk::to_hex(input.comm_r_old) + "\ncomm_d_new " +
                       cuzk::to_hex(input.comm_d_new) + "\ncomm_r_new " +
                       cuzk::to_hex(input.comm_r_new) + "\n");
  // The same sector by size: the same file, byte for byte.
  const std::string by_size = (dir.path() / "by_size.json").string();
  REQUIRE(run_cuzk({"gen-update", "--sector-size", "2KiB", "-o", by_size, "--miner-id", "1234",
                    "--sector-id", "9"})
              .exit_code == 0);
  CHECK(read_file(by_size) == read_file(file));
  // And by the option's first name, --registered-proof.
  const std::string by_old_name = (dir.path() / "by_old_name.json").string();
  REQUIRE(run_cuzk({"gen-update", "--registered-proof", "StackedDrg2KiBV1", "-o", by_old_name,
                    "--miner-id", "1234", "--sector-id", "9"})
              .exit_code == 0);
  CHECK(read_file(by_old_name) == read_file(file));
}

TEST_CASE("cuzk gen-update refuses what names no update proof") {
  const cuzk::test::TempDir dir("gen_update_test");
  const std::string file = (dir.path() / "x.json").string();
  check_usage_error(run_cuzk({"gen-update", "--sector-size", "4KiB", "-o", file}));
  check_usage_error(
      run_cuzk({"gen-update", "--registered-update-proof", "StackedDrg2KiBV1_1", "-o", file}));
  check_usage_error(run_cuzk({"gen-update", "-o", file}));
  check_usage_error(run_cuzk({"gen-update", "--registered-update-proof", "StackedDrg2KiBV1",
                              "--sector-size", "2KiB", "-o", file}));
  CHECK_FALSE(std::filesystem::exists(file));
}
