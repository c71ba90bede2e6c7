// The 2 KiB test parameters (StackedDrg2KiBV1_1) that the ctest fixture params_2kib makes once in
// the build directory (`cuzk params generate`; test/CMakeLists.txt), for every test that proves
// or verifies 2 KiB sectors: a 2^22-point setup takes about two minutes on two cores, too long to
// repeat per test executable. Read only, and shared by tests running at once: a command that
// writes beside the parameters, or a test that changes, removes or breaks a parameter file, works
// on links or copies in its own directory.
#pragma once

#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "porep/registered_proof.hpp"
#include "porep/update/update_proof.hpp"
#include "prover/params/parameter_files.hpp"

namespace cuzk::test {

// The fixture's directory, once its .params and .vk are there; CUZK_PARAMS_2KIB_DIR in the
// environment names another (scripts/gpu-check.sh runs the GPU test executables outside ctest, on
// a machine without the build directory). Run by hand before the fixture has run, a test fails
// here with how to make them.
inline std::filesystem::path params_2kib_dir() {
  const char* given = std::getenv("CUZK_PARAMS_2KIB_DIR");
  const std::filesystem::path dir(given != nullptr ? given : CUZK_FIXTURE_PARAMS_2KIB_DIR);
  const prover::ParameterPaths paths =
      prover::parameter_paths(dir, porep::RegisteredSealProof::kStackedDrg2KiBV1_1);
  std::error_code ec;
  REQUIRE_MESSAGE(
      (std::filesystem::is_regular_file(paths.params, ec) &&
       std::filesystem::is_regular_file(paths.vk, ec)),
      "no 2 KiB test parameters in "
          << dir
          << ": the ctest fixture params_2kib makes them; run this test through "
             "ctest, or `ctest -R fixtures/params_2kib` first (or set CUZK_PARAMS_2KIB_DIR)");
  return dir;
}

// The same for the 2 KiB SnapDeals update parameters (StackedDrg2KiBV1) of the ctest fixture
// params_update_2kib.
inline std::filesystem::path params_update_2kib_dir() {
  const std::filesystem::path dir(CUZK_FIXTURE_PARAMS_UPDATE_2KIB_DIR);
  const prover::ParameterPaths paths =
      prover::parameter_paths(dir, porep::update::RegisteredUpdateProof::kStackedDrg2KiBV1);
  std::error_code ec;
  REQUIRE_MESSAGE((std::filesystem::is_regular_file(paths.params, ec) &&
                   std::filesystem::is_regular_file(paths.vk, ec)),
                  "no 2 KiB update test parameters in "
                      << dir
                      << ": the ctest fixture params_update_2kib makes them; run this test "
                         "through ctest, or `ctest -R fixtures/params_update_2kib` first");
  return dir;
}

}  // namespace cuzk::test
