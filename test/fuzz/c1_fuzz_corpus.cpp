// Writes a seed corpus for c1_parser_fuzz: valid raw and wrapped 2 KiB C1 files of each variant,
// from the synthetic fixture the tests use. Usage: c1_fuzz_corpus <directory>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "porep/c1_fixture.hpp"

int main(int argc, char** argv) {
  using namespace cuzk::porep;
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <corpus directory>\n", argv[0]);
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  std::filesystem::create_directories(dir);
  int n = 0;
  for (const auto proof :
       {RegisteredSealProof::kStackedDrg2KiBV1, RegisteredSealProof::kStackedDrg2KiBV1_1,
        RegisteredSealProof::kStackedDrg2KiBV1_1_Feat_SyntheticPoRep}) {
    cuzk::test::C1Fixture fixture({.proof = proof, .rng_seed = 1});
    const std::string raw = fixture.json();
    std::ofstream(dir / ("raw_" + std::to_string(n) + ".json")) << raw;
    std::ofstream(dir / ("wrapped_" + std::to_string(n) + ".json"))
        << cuzk::test::C1Fixture::wrap(raw, n, 2048);
    ++n;
  }
  return 0;
}
