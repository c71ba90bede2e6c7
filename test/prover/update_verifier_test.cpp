// The update verifier's statement handling, without parameters: each partition's public inputs
// (compound.rs generate_public_inputs: k | h_select << log2(partitions), then comm_r_old,
// comm_d_new, comm_r_new), the proof length and the key's input count it insists on.
#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "porep/update/update_proof.hpp"
#include "prover/update/update_verifier.hpp"
#include "util/error.hpp"

using namespace cuzk;
using porep::update::RegisteredUpdateProof;

namespace {

porep::Domain small_domain(std::uint8_t low) {
  porep::Domain d{};
  d[0] = low;  // little-endian: a small field element
  return d;
}

}  // namespace

TEST_CASE("update public inputs: k and h's selector packed, then the three commitments") {
  // 8 MiB: 4 partitions (2 bits), h = 10 is hs[3], so h_select = 8 sits above them: 32 + k.
  const prover::update::UpdateCommitments c{RegisteredUpdateProof::kStackedDrg8MiBV1,
                                            small_domain(7), small_domain(8), small_domain(9)};
  const std::vector<std::vector<bls12_381::Fr>> inputs = prover::update::update_partition_inputs(c);
  REQUIRE(inputs.size() == 4);
  for (std::uint64_t k = 0; k < inputs.size(); ++k) {
    INFO("partition " << k);
    REQUIRE(inputs[k].size() == 4);
    CHECK(inputs[k][0] == bls12_381::Fr::from_u64(32 + k));
    CHECK(inputs[k][1] == bls12_381::Fr::from_u64(7));
    CHECK(inputs[k][2] == bls12_381::Fr::from_u64(8));
    CHECK(inputs[k][3] == bls12_381::Fr::from_u64(9));
  }
  // 2 KiB: one partition, and its six h choices are all 1, so the selector is 1 << 0.
  const auto two_kib =
      prover::update::update_partition_inputs({RegisteredUpdateProof::kStackedDrg2KiBV1,
                                               small_domain(1), small_domain(2), small_domain(3)});
  REQUIRE(two_kib.size() == 1);
  CHECK(two_kib[0][0] == bls12_381::Fr::from_u64(1));
}

TEST_CASE("update public inputs: a commitment outside the field is an error naming it") {
  porep::Domain too_big{};
  too_big.fill(0xff);
  CHECK_THROWS_WITH_AS(
      prover::update::update_partition_inputs(
          {RegisteredUpdateProof::kStackedDrg2KiBV1, small_domain(1), small_domain(2), too_big}),
      doctest::Contains("comm_r_new"), Error);
}

TEST_CASE("update proofs are 192 bytes per partition") {
  CHECK_NOTHROW(
      prover::update::check_update_proof_size(RegisteredUpdateProof::kStackedDrg2KiBV1, 192));
  CHECK_NOTHROW(
      prover::update::check_update_proof_size(RegisteredUpdateProof::kStackedDrg32GiBV1, 16 * 192));
  CHECK_THROWS_WITH_AS(
      prover::update::check_update_proof_size(RegisteredUpdateProof::kStackedDrg8MiBV1, 192),
      "the proof has 192 bytes; StackedDrg8MiBV1 proofs have 768 (192 per partition)", Error);
}
