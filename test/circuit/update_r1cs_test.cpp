// The 2 KiB EmptySectorUpdate circuit's R1CS against its pinned digest (update_r1cs_vectors.hpp):
// counts, both fingerprints, non-zeros and densities, from the streaming pass `cuzk circuit
// --registered-update-proof NAME --fingerprint` runs. The larger sizes take minutes each:
// update_r1cs_production_test.cpp.
#include <doctest/doctest.h>

#include "circuit/update/update_report.hpp"
#include "update_r1cs_vectors.hpp"

TEST_CASE("update circuit: the 2 KiB R1CS is the pinned one") {
  const auto& v = cuzk::test::kUpdateR1csVectors[0];
  REQUIRE(v.proof == cuzk::porep::update::RegisteredUpdateProof::kStackedDrg2KiBV1);
  using namespace cuzk::circuit;
  const auto report =
      update::analyze_update_circuit(update::update_shape(v.proof), Fingerprint::kCompute);
  REQUIRE(report.digest);
  CHECK(*report.digest == v.digest);
}
