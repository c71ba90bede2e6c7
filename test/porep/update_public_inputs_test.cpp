#include "porep/update/public_inputs.hpp"

#include <doctest/doctest.h>

#include "util/error.hpp"

using namespace cuzk::porep;
using namespace cuzk::porep::update;
using cuzk::bls12_381::Fr;

namespace {

Domain small(std::uint8_t v) {
  Domain d{};
  d[0] = v;
  return d;
}

}  // namespace

TEST_CASE("update public inputs pack k and h_select as circuit.rs PublicInputs::new does") {
  // k_and_h_select = k | h_select << log2(partitions) (circuit.rs lines 61-64), with h_select the
  // one-hot index of h among constants.rs hs (first match).
  struct Case {
    RegisteredUpdateProof proof;
    std::uint32_t k;
    std::uint64_t packed;
  };
  const Case cases[] = {
      {RegisteredUpdateProof::kStackedDrg2KiBV1, 0, 1},            // 1 partition, h 1 -> index 0
      {RegisteredUpdateProof::kStackedDrg8MiBV1, 3, 3 | 8 << 2},   // h 10 -> index 3
      {RegisteredUpdateProof::kStackedDrg32GiBV1, 5, 5 | 8 << 4},  // 16 partitions
      {RegisteredUpdateProof::kStackedDrg64GiBV1, 15, 15 | 8 << 4},
  };
  for (const Case& c : cases) {
    const UpdateStatement statement = update_statement(c.proof, small(1), small(2), small(3), c.k);
    INFO(update_proof_info(c.proof).name << " k=" << c.k);
    CHECK(k_and_h_select(statement) == c.packed);
    const auto inputs = update_public_inputs(statement);
    CHECK(inputs[0] == Fr::from_u64(c.packed));
    CHECK(inputs[1] == Fr::from_u64(1));  // comm_r_old
    CHECK(inputs[2] == Fr::from_u64(2));  // comm_d_new
    CHECK(inputs[3] == Fr::from_u64(3));  // comm_r_new
  }
  UpdateStatement other_h =
      update_statement(RegisteredUpdateProof::kStackedDrg32GiBV1, small(1), small(2), small(3), 1);
  other_h.h = 12;  // index 5
  CHECK(k_and_h_select(other_h) == (1 | 32 << 4));
}

TEST_CASE("update public inputs refuse a partition, h or commitment the proof cannot have") {
  UpdateStatement s =
      update_statement(RegisteredUpdateProof::kStackedDrg32GiBV1, small(1), small(2), small(3), 16);
  CHECK_THROWS_AS(k_and_h_select(s), cuzk::Error);
  s.k = 0;
  s.h = 6;
  CHECK_THROWS_AS(k_and_h_select(s), cuzk::Error);
  s.h = 10;
  s.comm_d_new.fill(0xff);
  CHECK_THROWS_WITH_AS(update_public_inputs(s), doctest::Contains("comm_d_new"), cuzk::Error);
}
