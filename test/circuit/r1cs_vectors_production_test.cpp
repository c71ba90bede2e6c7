// The 32 and 64 GiB circuits of ../shared/vectors/rust-fil-proofs-r1cs.json (production label):
// counts, both fingerprints, non-zeros and densities from one streaming pass per size, as
// `cuzk circuit --fingerprint` computes them, and from the matrices recorded for the GPU path
// (record_partition, 7.3 GB at 32 GiB), which is what the GPU evaluates A·w, B·w and C·w from.
#include <doctest/doctest.h>

#include "circuit/shape_cs.hpp"
#include "circuit/stacked/circuit_report.hpp"
#include "circuit/stacked/record_shape.hpp"
#include "r1cs_vectors.hpp"

namespace {

using namespace cuzk::circuit;

void check_production(const std::string& name) {
  for (const auto& v : cuzk::test::load_r1cs_vectors()) {
    if (v.name != name) continue;
    cuzk::test::check_registered_shape(v);
    const auto report = stacked::analyze_circuit(v.shape, stacked::Fingerprint::kCompute);
    REQUIRE(report.digest);
    cuzk::test::check_digest(*report.digest, v);
    INFO("the recording for the GPU path");
    cuzk::test::check_digest(digest_recorded(stacked::record_partition(v.shape).r1cs), v);
    return;
  }
  FAIL("no entry " << name << " in rust-fil-proofs-r1cs.json");
}

}  // namespace

TEST_CASE("a 32 GiB partition's R1CS equals rust-fil-proofs'") {
  check_production("StackedDrg32GiBV1_1");
}

TEST_CASE("a 64 GiB partition's R1CS equals rust-fil-proofs'") {
  check_production("StackedDrg64GiBV1_1");
}
