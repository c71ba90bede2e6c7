// The 32 GiB C1 of ../shared/vectors/c1-32gib-sparse.json.gz, as the c1_32gib ctest fixture
// unzips it into the build directory: checked against the SHA-256 that rust-fil-proofs-witness.json
// gives for it, then parsed. rust-fil-proofs' vanilla verifier accepts it with the prover id of
// miner 1000 and sector 11.
#pragma once

#include <doctest/doctest.h>

#include <cstdint>
#include <fstream>
#include <iterator>
#include <vector>

#include "hashers/sha256.hpp"
#include "porep/c1_parser.hpp"
#include "test_vectors.hpp"
#include "util/hex.hpp"

namespace cuzk::test {

inline constexpr std::uint64_t kC1MinerId = 1000;  // prover id e807 followed by zeros
inline constexpr std::uint64_t kC1SectorId = 11;

inline porep::C1Output load_c1_32gib() {
  const auto path = fixture_path("c1-32gib-sparse.json");
  std::ifstream in(path, std::ios::binary);
  REQUIRE_MESSAGE(in, "missing " << path << " (made by the ctest fixture c1_32gib)");
  const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in),
                                        std::istreambuf_iterator<char>()};
  REQUIRE(to_hex(hashers::sha256(bytes)) ==
          "2a088fc2ba65128859f773b5258cc36f8e4de8f6bddf0541daed1f2e5c661db4");
  return porep::load_c1_file(path);
}

}  // namespace cuzk::test
