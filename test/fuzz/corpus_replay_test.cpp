// Every seed and every regression input of the fuzz targets, through the same checks, in the
// ordinary build: test/fuzz/corpus/<reader>/ (the checked-in seeds) and
// test/fuzz/regressions/<reader>/ (each input a fuzzer once crashed on, kept as a test).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "fuzz/reader_checks.hpp"

namespace {

namespace fs = std::filesystem;

std::vector<std::uint8_t> read_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Runs every file of dir/<reader>/ through the reader's check: no property may fail, and with
// `must_accept` every input must be accepted. Returns how many files there were.
std::size_t replay(const fs::path& dir, const cuzk::fuzz::Reader& reader, bool must_accept) {
  std::size_t n = 0;
  const fs::path folder = dir / reader.name;
  if (!fs::exists(folder)) return 0;
  for (const auto& e : fs::directory_iterator(folder)) {
    INFO(e.path().string());
    const cuzk::fuzz::Verdict verdict = reader.check(read_bytes(e.path()));
    CHECK(verdict.problem == "");
    if (must_accept) CHECK(verdict.accepted);
    ++n;
  }
  return n;
}

}  // namespace

TEST_CASE("every seed is accepted and re-encodes; every input a fuzzer crashed on passes now") {
  for (const cuzk::fuzz::Reader& reader : cuzk::fuzz::kReaders) {
    INFO(std::string(reader.name));
    CHECK(replay(fs::path(CUZK_FUZZ_DIR) / "corpus", reader, true) >= 2);
    // Regressions: none yet (no run has crashed); each future crash input goes here.
    replay(fs::path(CUZK_FUZZ_DIR) / "regressions", reader, false);
  }
}

TEST_CASE("the checks refuse what is not a file of their format") {
  const std::vector<std::uint8_t> junk(191, 0x5a);
  for (const cuzk::fuzz::Reader& reader : cuzk::fuzz::kReaders) {
    INFO(std::string(reader.name));
    const cuzk::fuzz::Verdict verdict = reader.check(junk);
    CHECK_FALSE(verdict.accepted);
    CHECK(verdict.problem == "");
  }
}
