// Partitions 0 and 9 of the 32 GiB C1 (test/c1_32gib.hpp) against rust-fil-proofs-witness.json:
// the full witness (130,169,893 aux values, 328 inputs with ONE) of each, value for value through
// SHA-256 (partition_witness_digest, the path of `cuzk circuit --witness-digest`), from each of the
// three witness sources: ProvingCS, WitnessCS and the native generator that makes the witness both
// provers prove (native_witness.hpp). The 2 KiB entry, from the same three sources:
// witness_vectors_test.cpp. The ProvingCS case holds about 17 GB.
#include <doctest/doctest.h>

#include "c1_32gib.hpp"
#include "circuit/stacked/partition_witness.hpp"
#include "witness_vectors.hpp"

namespace {

namespace stacked = cuzk::circuit::stacked;
namespace porep = cuzk::porep;

const porep::C1Output& c1_32gib() {
  static const porep::C1Output c1 = cuzk::test::load_c1_32gib();
  return c1;
}

void check_source(stacked::WitnessSource source) {
  INFO(stacked::witness_source_name(source));
  for (const auto& v : cuzk::test::witness_vectors_of("StackedDrg32GiBV1_1", 2)) {
    cuzk::test::check_witness_digest(
        stacked::partition_witness_digest(c1_32gib(), v.partition, source), v);
  }
}

}  // namespace

TEST_CASE("WitnessCS gives rust-fil-proofs' 32 GiB witnesses") {
  check_source(stacked::WitnessSource::kWitnessCS);
}

TEST_CASE("the native generator gives rust-fil-proofs' 32 GiB witnesses") {
  check_source(stacked::WitnessSource::kNative);
}

TEST_CASE("ProvingCS gives rust-fil-proofs' 32 GiB witnesses") {
  check_source(stacked::WitnessSource::kProvingCS);
}
