// The parameter files of every registered update proof are among Filecoin's published ones: the
// stems porep/update builds (compound.rs cache_prefix, parameter_cache.rs cache_identifier) name
// rows of the table generated from rust-fil-proofs' parameters.json, of the right sector size.
#include <doctest/doctest.h>

#include <string>

#include "porep/update/update_proof.hpp"
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
