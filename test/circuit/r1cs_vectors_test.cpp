// Every circuit of ../shared/vectors/rust-fil-proofs-r1cs.json below 32 GiB (the four
// stacked_circuit.rs test shapes, 2 KiB, 8 MiB, 512 MiB) against rust-fil-proofs' own numbers:
// counts, both fingerprints, non-zeros and densities, from the streaming pass that `cuzk circuit
// --fingerprint` runs, and from the matrices recorded for the GPU path (record_partition: the
// prefix and challenge 0 recorded, the other challenges renumbered copies), so that what the GPU
// proves is pinned too. 32 and 64 GiB: r1cs_vectors_production_test.cpp.
#include <doctest/doctest.h>

#include "circuit/shape_cs.hpp"
#include "circuit/stacked/circuit_report.hpp"
#include "circuit/stacked/record_shape.hpp"
#include "circuit/stacked/stacked_circuit.hpp"
#include "r1cs_vectors.hpp"

namespace {

using namespace cuzk::circuit;
using cuzk::test::kProductionR1cs;
using cuzk::test::load_r1cs_vectors;

}  // namespace

TEST_CASE("the vector file holds the default circuits and the production ones") {
  std::size_t production = 0;
  for (const auto& v : load_r1cs_vectors()) production += kProductionR1cs.contains(v.name);
  CHECK(production == kProductionR1cs.size());
}

TEST_CASE("the synthesized R1CS equals rust-fil-proofs' below 32 GiB") {
  for (const auto& v : load_r1cs_vectors()) {
    if (kProductionR1cs.contains(v.name)) continue;
    cuzk::test::check_registered_shape(v);
    const auto report = stacked::analyze_circuit(v.shape, stacked::Fingerprint::kCompute);
    REQUIRE(report.digest);
    cuzk::test::check_digest(*report.digest, v);
  }
}

TEST_CASE("the matrices recorded for the GPU path equal rust-fil-proofs' below 32 GiB") {
  for (const auto& v : load_r1cs_vectors()) {
    if (kProductionR1cs.contains(v.name)) continue;
    cuzk::test::check_digest(digest_recorded(stacked::record_partition(v.shape).r1cs), v);
  }
}
