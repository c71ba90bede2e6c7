#include "porep/update/challenges.hpp"

#include <doctest/doctest.h>

#include <stdexcept>

#include "porep/rust_test_rng.hpp"
#include "util/error.hpp"

using namespace cuzk::porep;
using namespace cuzk::porep::update;

namespace {

struct ChallengeVector {
  RegisteredUpdateProof proof;
  std::uint32_t k;
  std::array<std::uint32_t, 5> first_five;
};

// storage-proofs-update/src/challenges.rs `test_challenges_against_hardcoded` (lines 153-245 at
// rust-fil-proofs 87348a74), the rows of the sizes a RegisteredUpdateProof names. comm_r_new is
// the first TreeRDomain::random of XorShiftRng::from_seed(TEST_SEED).
constexpr ChallengeVector kRustVectors[] = {
    {RegisteredUpdateProof::kStackedDrg2KiBV1, 0, {53, 51, 56, 3, 0}},
    {RegisteredUpdateProof::kStackedDrg8MiBV1, 0, {36085, 32783, 44060, 10950, 3731}},
    {RegisteredUpdateProof::kStackedDrg8MiBV1, 1, {78878, 130797, 112892, 93994, 78379}},
    {RegisteredUpdateProof::kStackedDrg512MiBV1, 0, {1019125, 116736, 706220, 59698, 799498}},
    {RegisteredUpdateProof::kStackedDrg512MiBV1, 1, {2092548, 1213276, 1185483, 1164598, 1095197}},
    {RegisteredUpdateProof::kStackedDrg512MiBV1,
     14,
     {15212432, 15665918, 15015423, 15012912, 15495223}},
    {RegisteredUpdateProof::kStackedDrg512MiBV1,
     15,
     {16388544, 15794686, 16637142, 16319148, 16328348}},
    {RegisteredUpdateProof::kStackedDrg32GiBV1,
     0,
     {1019125, 27985696, 15282860, 11586600, 44651330}},
    {RegisteredUpdateProof::kStackedDrg32GiBV1,
     1,
     {109168525, 127316247, 80331041, 97065716, 72310052}},
    {RegisteredUpdateProof::kStackedDrg32GiBV1,
     14,
     {990420169, 955146989, 968005601, 976863263, 944650706}},
    {RegisteredUpdateProof::kStackedDrg32GiBV1,
     15,
     {1038629497, 1053983614, 1030421316, 1027373887, 1068685433}},
    {RegisteredUpdateProof::kStackedDrg64GiBV1,
     0,
     {1019125, 13992848, 3820715, 18225541, 57316660}},
    {RegisteredUpdateProof::kStackedDrg64GiBV1,
     1,
     {243386253, 197875851, 204632136, 171516766, 247789010}},
    {RegisteredUpdateProof::kStackedDrg64GiBV1,
     14,
     {1997053129, 1920414070, 2003609080, 1900492803, 1963254685}},
    {RegisteredUpdateProof::kStackedDrg64GiBV1,
     15,
     {2045262457, 2036941247, 2136653521, 2091356007, 2147167623}},
};

Domain rust_test_comm_r_new() {
  cuzk::test::XorShiftRng rng(cuzk::test::kRustTestSeed);
  return fr_to_domain(cuzk::test::random_fr(rng));
}

}  // namespace

TEST_CASE("update challenges equal challenges.rs' hard-coded values") {
  const Domain comm_r_new = rust_test_comm_r_new();
  for (const ChallengeVector& v : kRustVectors) {
    const UpdateProofInfo& info = update_proof_info(v.proof);
    INFO(info.name << " k=" << v.k);
    const auto challenges = update_challenges(info, comm_r_new, v.k);
    REQUIRE(challenges.size() == info.challenges_per_partition);
    for (std::size_t i = 0; i < v.first_five.size(); ++i) CHECK(challenges[i] == v.first_five[i]);
  }
}

TEST_CASE("every update challenge lies in its partition's slice of the sector") {
  // challenges.rs `test_challenge_bucketing`, for every partition of every registered size.
  const Domain comm_r_new = rust_test_comm_r_new();
  for (const UpdateProofInfo& info : all_update_proofs()) {
    const std::uint64_t slice = info.nodes / info.partitions;
    for (std::uint32_t k = 0; k < info.partitions; ++k) {
      INFO(info.name << " k=" << k);
      for (std::uint32_t c : update_challenges(info, comm_r_new, k)) CHECK(c / slice == k);
    }
  }
}

TEST_CASE("update challenges refuse a partition out of range and a non-canonical comm_r_new") {
  const UpdateProofInfo& info = update_proof_info(RegisteredUpdateProof::kStackedDrg8MiBV1);
  CHECK_THROWS_AS(update_challenges(info, Domain{}, 4), std::out_of_range);
  Domain too_big{};
  too_big.fill(0xff);
  CHECK_THROWS_AS(update_challenges(info, too_big, 0), cuzk::Error);
}
