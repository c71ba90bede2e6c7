// The parameter files of every registered update proof are among Filecoin's published ones: the
// stems porep/update builds (compound.rs cache_prefix, parameter_cache.rs cache_identifier) name
// rows of the table generated from rust-fil-proofs' parameters.json, of the right sector size, and
// they are the files the prover looks for (parameter_paths) and `params check` hashes.
#include <doctest/doctest.h>

#include <string>

#include "porep/update/update_proof.hpp"
#include "prover/params/parameter_files.hpp"
#include "prover/params/published_parameters.hpp"

using namespace cuzk;

TEST_CASE("every update proof's .params and .vk are published files of its sector size") {
  for (const porep::update::UpdateProofInfo& info : porep::update::all_update_proofs()) {
    for (const char* extension : {".params", ".vk"}) {
      const std::string name = porep::update::parameter_file_stem(info) + extension;
      INFO(name);
      const prover::PublishedParameterFile* file = prover::find_published_parameter_file(name);
      REQUIRE(file != nullptr);
      CHECK(file->sector_size == info.sector_size);
    }
  }
}

TEST_CASE("the update files cuzk looks for are the published ones, 2 KiB's digests pinned") {
  using porep::update::RegisteredUpdateProof;
  for (const porep::update::UpdateProofInfo& info : porep::update::all_update_proofs()) {
    INFO(info.name);
    const prover::PublishedSealFiles files = prover::published_update_files(info.proof);
    const prover::ParameterPaths paths = prover::parameter_paths("/cache", info.proof);
    CHECK(paths.params == "/cache/" + std::string(files.params.name));
    CHECK(paths.vk == "/cache/" + std::string(files.vk.name));
  }
  // parameters.json v28, as lotus fetches them.
  const prover::PublishedSealFiles two_kib =
      prover::published_update_files(RegisteredUpdateProof::kStackedDrg2KiBV1);
  CHECK(two_kib.params.digest == "311f92a3e75036ced01b1c0025f1fa0c");
  CHECK(two_kib.vk.digest == "eadad9784969890d30f2749708c79771");
}
