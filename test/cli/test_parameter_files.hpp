// Insecure test parameters of one registered proof written under Filecoin's file names, from a
// fixed seed: what the CLI tests prove and verify with (a 2^22-point setup at 2 KiB, a minute or
// more on two cores, made once per test executable).
#pragma once

#include <doctest/doctest.h>

#include <cstdint>
#include <filesystem>
#include <random>

#include "porep/registered_proof.hpp"
#include "prover/params/parameter_files.hpp"
#include "prover/setup/test_parameters.hpp"
#include "prover/setup/toxic_waste.hpp"

namespace cuzk::test {

inline void write_test_parameter_files(const std::filesystem::path& dir,
                                       porep::RegisteredSealProof proof, std::uint64_t seed) {
  std::filesystem::create_directories(dir);
  std::mt19937_64 rng(seed);
  MESSAGE("generating " << porep::seal_proof_info(proof).name << " test parameters into " << dir);
  prover::write_parameter_files(
      prover::parameter_paths(dir, proof),
      prover::generate_seal_test_parameters(proof, prover::ToxicWaste::random(rng)));
}

}  // namespace cuzk::test
