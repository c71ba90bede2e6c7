#include "util/atomic_file.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <vector>

#include "temp_dir.hpp"
#include "util/error.hpp"

namespace fs = std::filesystem;

namespace {

std::vector<std::uint8_t> read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("a committed AtomicFile replaces the target whole and leaves no temporary") {
  const cuzk::test::TempDir scratch("atomic_commit");
  const fs::path& dir = scratch.path();
  const fs::path target = dir / "proof.bin";
  { std::ofstream(target) << "old"; }
  const std::vector<std::uint8_t> bytes{1, 2, 3, 4, 5};
  {
    cuzk::AtomicFile out(target);
    out.write(bytes);
    CHECK(read_all(target) == std::vector<std::uint8_t>{'o', 'l', 'd'});  // untouched until commit
    out.commit();
  }
  CHECK(read_all(target) == bytes);
  CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator{}) == 1);
}

TEST_CASE("an AtomicFile abandoned by an exception leaves neither target nor temporary") {
  const cuzk::test::TempDir scratch("atomic_abandon");
  const fs::path& dir = scratch.path();
  const fs::path target = dir / "proof.bin";
  try {
    cuzk::AtomicFile out(target);
    out.write(std::vector<std::uint8_t>{9, 9});
    throw std::runtime_error("verification failed");
  } catch (const std::runtime_error&) {
  }
  CHECK_FALSE(fs::exists(target));
  CHECK(fs::is_empty(dir));
}

TEST_CASE("an AtomicFile in a missing directory fails with the path in the message") {
  const fs::path target = fs::temp_directory_path() / "cuzk_no_such_dir" / "x" / "proof.bin";
  try {
    cuzk::AtomicFile out(target);
    FAIL("expected an error");
  } catch (const cuzk::Error& e) {
    CHECK(std::string(e.what()).find(target.string()) != std::string::npos);
  }
}
