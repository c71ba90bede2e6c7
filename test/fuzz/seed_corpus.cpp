// Writes the seed corpora of the fuzz targets, checked in under test/fuzz/corpus/<reader>/:
//   c1      2 KiB C1 files (test/porep/c1_fixture.hpp) of three variants, one of them wrapped
//   params  the .params of two small circuits (test/prover/groth16_circuits.hpp), fixed seeds
//   vk      their verifying keys
//   proof   one proof, and two proofs concatenated
//   update  2 KiB update inputs of really sealed sectors (sealing/update), one with its identity
// Usage: cuzk_fuzz_seed_corpus <corpus directory>   (built with the tests; run by hand when a
// format changes, then commit the result)
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "porep/c1_fixture.hpp"
#include "porep/update/update_input_json.hpp"
#include "prover/cpu_backend.hpp"
#include "prover/groth16_circuits.hpp"
#include "prover/params/parameters.hpp"
#include "prover/proof.hpp"
#include "prover/prover.hpp"
#include "prover/setup/test_setup.hpp"
#include "sealing/update/update_generator.hpp"

namespace {

namespace fs = std::filesystem;
using namespace cuzk;

void write(const fs::path& p, const std::vector<std::uint8_t>& bytes) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
}

void write(const fs::path& p, const std::string& text) {
  write(p, std::vector<std::uint8_t>(text.begin(), text.end()));
}

prover::ToxicWaste waste(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  return prover::ToxicWaste::random(rng);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <corpus directory>\n", argv[0]);
    return 2;
  }
  const fs::path dir = argv[1];
  // Three C1 files of about 100 KB each (JSON arrays of bytes): the lotus wrapper once.
  const std::pair<porep::RegisteredSealProof, bool> c1s[] = {
      {porep::RegisteredSealProof::kStackedDrg2KiBV1, true},
      {porep::RegisteredSealProof::kStackedDrg2KiBV1_1, false},
      {porep::RegisteredSealProof::kStackedDrg2KiBV1_1_Feat_SyntheticPoRep, false},
  };
  for (const auto& [proof, wrapped] : c1s) {
    test::C1Fixture fixture({.proof = proof, .rng_seed = 1});
    const std::string raw = fixture.json();
    const std::string name(porep::seal_proof_info(proof).name);
    write(dir / "c1" / (name + (wrapped ? ".wrapped.json" : ".json")),
          wrapped ? test::C1Fixture::wrap(raw, 1, 2048) : raw);
  }

  const prover::Parameters cubic = prover::generate_test_parameters(test::CubicCircuit{}, waste(1));
  const prover::Parameters random = prover::generate_test_parameters(
      test::RandomCircuit{.inputs = 2, .constraints = 6}, waste(2));
  for (const auto& [name, params] : {std::pair{"cubic", &cubic}, std::pair{"random", &random}}) {
    write(dir / "params" / (std::string(name) + ".params"), prover::encode_parameters(*params));
    std::vector<std::uint8_t> vk;
    prover::append_encoding(params->vk, vk);
    write(dir / "vk" / (std::string(name) + ".vk"), vk);
  }

  std::vector<circuit::ProvingCS> circuits;
  circuits.push_back(
      prover::synthesize_for_proving(test::CubicCircuit{bls12_381::Fr::from_u64(3)}));
  circuits.push_back(
      prover::synthesize_for_proving(test::CubicCircuit{bls12_381::Fr::from_u64(4)}));
  prover::CpuBackend cpu;
  const auto proofs = prover::create_proofs(prover::InMemoryParameters(cubic), circuits, cpu);
  write(dir / "proof" / "one.bin", prover::encode_proofs(std::span(proofs).first(1)));
  write(dir / "proof" / "two.bin", prover::encode_proofs(proofs));

  // Two 2 KiB updates of about 20 KB each (base64 of the bincode): the second names its sector.
  for (const std::uint64_t seed : {1, 2}) {
    sealing::GenerateUpdateOptions options;
    options.data_seed = seed;
    options.new_data_seed = seed + 10;
    porep::update::UpdateInput input = sealing::generate_update(options);
    if (seed == 2) {
      input.miner_id = 1000;
      input.sector_number = 7;
    }
    write(dir / "update" / ("StackedDrg2KiBV1." + std::to_string(seed) + ".json"),
          porep::update::update_input_json(input));
  }
  return 0;
}
