// The EmptySectorUpdate circuits of 8 MiB, 512 MiB, 32 GiB and 64 GiB against their pinned digests
// (update_r1cs_vectors.hpp): counts, both fingerprints, non-zeros and densities from one streaming
// pass each. Labelled production for their time, about 2 minutes each beyond 8 MiB on one core.
#include <doctest/doctest.h>

#include "circuit/update/update_report.hpp"
#include "update_r1cs_vectors.hpp"

TEST_CASE("update circuit: the R1CS of every registered size above 2 KiB is the pinned one") {
  using namespace cuzk::circuit;
  for (const auto& v : cuzk::test::kUpdateR1csVectors) {
    if (v.proof == cuzk::porep::update::RegisteredUpdateProof::kStackedDrg2KiBV1) continue;
    INFO(v.name);
    const auto report =
        update::analyze_update_circuit(update::update_shape(v.proof), Fingerprint::kCompute);
    REQUIRE(report.digest);
    CHECK(*report.digest == v.digest);
  }
}
