// The witness of the Rust-sealed 2 KiB sector (../shared/vectors/rust-fil-proofs-2kib-seal.json)
// against rust-fil-proofs-witness.json, value for value through SHA-256, from every witness source
// (ProvingCS, WitnessCS, the native generator). The 32 GiB entries, from the same three sources:
// witness_vectors_production_test.cpp.
#include <doctest/doctest.h>

#include <string>

#include "circuit/stacked/partition_witness.hpp"
#include "porep/c1_parser.hpp"
#include "witness_vectors.hpp"

namespace {

namespace stacked = cuzk::circuit::stacked;

}  // namespace

TEST_CASE("the vector file holds one 2 KiB partition and two 32 GiB ones") {
  CHECK(cuzk::test::load_witness_vectors().size() == 3);
  cuzk::test::witness_vectors_of("StackedDrg2KiBV1_1", 1);
  cuzk::test::witness_vectors_of("StackedDrg32GiBV1_1", 2);
}

TEST_CASE("every witness source gives rust-fil-proofs' 2 KiB witness") {
  const simdjson::padded_string seal =
      cuzk::test::load_shared_vector_file("rust-fil-proofs-2kib-seal.json");
  simdjson::dom::parser parser;
  const std::string c1_json(parser.parse(seal).value()["c1_json"].get_string().value());
  const cuzk::porep::C1Output c1 = cuzk::porep::parse_c1(c1_json);
  for (const auto& v : cuzk::test::witness_vectors_of("StackedDrg2KiBV1_1", 1)) {
    for (const stacked::WitnessSource source : stacked::kWitnessSources) {
      INFO(stacked::witness_source_name(source));
      cuzk::test::check_witness_digest(stacked::partition_witness_digest(c1, v.partition, source),
                                       v);
    }
  }
}
