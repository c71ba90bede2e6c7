// The EmptySectorUpdate circuits of 8 MiB, 512 MiB, 32 GiB and 64 GiB against their pinned digests
// (update_r1cs_vectors.hpp): counts, both fingerprints, non-zeros and densities from one streaming
// pass each. Labelled production for their time, about 2 minutes each beyond 8 MiB on one core:
// the sizes are analysed on threads of their own (the passes share nothing), then checked here.
#include <doctest/doctest.h>

#include <cstddef>
#include <exception>
#include <optional>
#include <vector>

#include "circuit/update/update_report.hpp"
#include "update_r1cs_vectors.hpp"

TEST_CASE("update circuit: the R1CS of every registered size above 2 KiB is the pinned one") {
  using namespace cuzk::circuit;
  std::vector<const cuzk::test::UpdateR1csVector*> sizes;
  for (const auto& v : cuzk::test::kUpdateR1csVectors) {
    if (v.proof != cuzk::porep::update::RegisteredUpdateProof::kStackedDrg2KiBV1)
      sizes.push_back(&v);
  }
  std::vector<std::optional<R1csDigest>> digests(sizes.size());
  std::vector<std::exception_ptr> errors(sizes.size());
#pragma omp parallel for schedule(dynamic, 1)
  for (std::ptrdiff_t i = 0; i < static_cast<std::ptrdiff_t>(sizes.size()); ++i) {
    try {
      digests[i] = update::analyze_update_circuit(update::update_shape(sizes[i]->proof),
                                                  Fingerprint::kCompute)
                       .digest;
    } catch (...) {
      errors[i] = std::current_exception();
    }
  }
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    INFO(sizes[i]->name);
    if (errors[i]) std::rethrow_exception(errors[i]);
    REQUIRE(digests[i]);
    CHECK(*digests[i] == sizes[i]->digest);
  }
}
