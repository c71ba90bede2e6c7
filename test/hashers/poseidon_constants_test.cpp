// Poseidon constant generation against neptune v11: round numbers, Grain round constants, the MDS
// matrix and the sparse factorization. The end-to-end check (hash vectors) is in
// poseidon_native_test.cpp.
#include "hashers/poseidon_constants.hpp"

#include <doctest/doctest.h>

#include <random>
#include <string>
#include <utility>

#include "hashers/grain_lfsr.hpp"
#include "test_vectors.hpp"

namespace {

using cuzk::bls12_381::Fr;
using namespace cuzk::hashers::poseidon;

Fr fr_hex(std::string_view hex) {
  const auto v = Fr::from_hex(hex);
  REQUIRE(v.has_value());
  return *v;
}

Fr pow5(const Fr& x) { return x.square().square() * x; }

}  // namespace

TEST_CASE("round numbers match neptune's tables") {
  // neptune v11 round_numbers.rs test_round_numbers_against_known_values: (t, R_P), R_F = 8.
  const std::pair<std::size_t, std::size_t> standard[] = {
      {2, 55},  {3, 55},  {4, 56},  {5, 56},  {6, 56},  {7, 56},  {8, 57},
      {9, 57},  {10, 57}, {11, 57}, {12, 57}, {13, 57}, {14, 57}, {15, 57},
      {16, 59}, {17, 59}, {25, 59}, {37, 60}, {65, 61}};
  for (const auto& [t, rp] : standard) {
    INFO("t = " << t);
    CHECK(calc_round_numbers(t, true) == RoundNumbers{8, rp});
  }
  // neptune v11 lib.rs test_strengthened_round_numbers: (arity, R_P), R_F = 8.
  const std::pair<std::size_t, std::size_t> strengthened[] = {
      {1, 69}, {2, 69},  {3, 70},  {4, 70},  {5, 70},  {6, 70},  {7, 72}, {8, 72},
      {9, 72}, {10, 72}, {11, 72}, {16, 74}, {24, 74}, {36, 75}, {64, 77}};
  for (const auto& [arity, rp] : strengthened) {
    INFO("arity = " << arity);
    CHECK(round_numbers(arity, Strength::kStrengthened) == RoundNumbers{8, rp});
  }
}

TEST_CASE("Grain round constants for t = 9 match the Poseidon authors' script output") {
  const auto json = cuzk::test::load_vector_file("poseidon.json");
  simdjson::ondemand::parser parser;
  auto doc = parser.iterate(json);
  auto rc = doc["neptune_round_constants_t9"];
  const auto expected_count = static_cast<std::size_t>(std::uint64_t(rc["count"]));
  std::vector<std::string> first, last;
  for (auto v : rc["first"].get_array()) first.emplace_back(std::string_view(v));
  for (auto v : rc["last"].get_array()) last.emplace_back(std::string_view(v));

  const std::vector<Fr> constants = grain_round_constants(9, 8, 57);
  REQUIRE(constants.size() == expected_count);
  CHECK(constants[0] == fr_hex(first[0]));
  CHECK(constants[1] == fr_hex(first[1]));
  CHECK(constants[expected_count - 2] == fr_hex(last[0]));
  CHECK(constants[expected_count - 1] == fr_hex(last[1]));
}

TEST_CASE("constants have neptune's shape for every Filecoin arity") {
  const std::pair<std::size_t, std::size_t> arity_partial[] = {
      {2, 55}, {4, 56}, {8, 57}, {11, 57}, {16, 59}, {24, 59}, {36, 60}};
  for (const auto& [arity, rp] : arity_partial) {
    INFO("arity " << arity);
    const PoseidonConstants& c = poseidon_constants(arity);
    CHECK(c.width == arity + 1);
    CHECK(c.full_rounds == 8);
    CHECK(c.half_full_rounds == 4);
    CHECK(c.partial_rounds == rp);
    CHECK(c.domain_tag == Fr::from_u64((std::uint64_t{1} << arity) - 1));
    CHECK(c.round_constants.size() == (8 + rp) * c.width);
    CHECK(c.compressed_round_constants.size() == 8 * c.width + rp);
    CHECK(c.sparse.size() == rp);
    CHECK(&c == &poseidon_constants(arity));  // built once
  }
  CHECK(poseidon_constants(11).domain_tag == Fr::from_u64(2047));
  CHECK_THROWS_AS(poseidon_constants(3), std::invalid_argument);
  CHECK(!is_supported_arity(3));
}

TEST_CASE("MDS matrix is neptune's symmetric Cauchy matrix") {
  for (std::size_t width : {3u, 5u, 9u, 12u, 17u}) {
    INFO("width " << width);
    const Matrix m = cauchy_mds(width);
    CHECK(m.at(0, 0) * Fr::from_u64(width) == Fr::one());
    CHECK(m.at(1, 2) * Fr::from_u64(width + 3) == Fr::one());
    CHECK(m == m.transposed());
    const auto inv = m.inverse();
    REQUIRE(inv.has_value());
    CHECK((m * *inv).is_identity());
    CHECK((*inv * m).is_identity());
  }
}

TEST_CASE("sparse factorization reproduces the dense partial rounds") {
  // As neptune's test_factor_to_sparse_matrices: rounds of (mix, S-box on element 0, add a key)
  // with M every time equal the same rounds with pre_sparse and then the sparse matrices.
  std::mt19937_64 rng(42);
  for (std::size_t width : {3u, 5u, 9u}) {
    for (std::size_t rounds : {1u, 3u, 7u}) {
      INFO("width " << width << " rounds " << rounds);
      const Matrix m = cauchy_mds(width);
      const SparseFactorization f = factor_to_sparse(m, rounds);
      REQUIRE(f.sparse.size() == rounds);
      std::vector<Fr> initial(width);
      for (auto& x : initial) x = Fr::random(rng);
      std::vector<Fr> keys(rounds + 1);
      for (auto& k : keys) k = Fr::random(rng);

      std::vector<Fr> dense = initial;
      std::vector<Fr> sparse = initial;
      for (std::size_t r = 0; r <= rounds; ++r) {
        dense = apply_matrix(m, dense);
        sparse = apply_matrix(r == 0 ? f.pre_sparse : f.sparse[r - 1].to_matrix(), sparse);
        dense[0] = pow5(dense[0]) + keys[r];
        sparse[0] = pow5(sparse[0]) + keys[r];
      }
      CHECK(dense == sparse);
    }
  }
}

TEST_CASE("spot values of the derived constants") {
  // From the independent model in the spec (gadgets.md 8.7), whose hashes equal neptune's vectors.
  const PoseidonConstants& c2 = poseidon_constants(2);
  CHECK(c2.round_constants[0] ==
        fr_hex("669f064bfa3ae17a23bd51861dbb4a24501eac92a2758b36a7320a009d6ed3d8"));
  CHECK(c2.compressed_round_constants[3] ==
        fr_hex("0bfc421d38531805382624c9d2d2d02b1f2f5590316c401b2f5f56ca2f12a0d1"));
  CHECK(c2.compressed_round_constants[15] ==
        fr_hex("15ea0de59c6ae7c8b21fd309ef84aba77c2d8e8139c9c08f5cca2138d161fdfd"));
  CHECK(c2.compressed_round_constants[78] ==
        fr_hex("1c84e3e9450113a4b5489decd8dcc8b25f057797f37899354931a0eea88d7d5d"));
  CHECK(c2.sparse[0].v_rest[0] ==
        fr_hex("58967f7ecb83470ce5990816f118fc84a0713c868c352b00eb409bffd891fcd4"));
  const PoseidonConstants& c8 = poseidon_constants(8);
  CHECK(c8.round_constants[0] ==
        fr_hex("6ce90d12c4045fe08c3caddb776dd84ac52b4ae7e48cd49443984154f2f4c2f9"));
  CHECK(c8.compressed_round_constants[45] ==
        fr_hex("065e302005459f2087aa4f6c30b42d11ab0cf5e2e41e74b344a3b287f0796e43"));
  const PoseidonConstants& c11 = poseidon_constants(11);
  CHECK(c11.round_constants[0] ==
        fr_hex("1f6c9576e648b5047399bfc5f38902e0d506f18e0f3ab77de6de096bd089bce4"));
  CHECK(c11.compressed_round_constants[60] ==
        fr_hex("107f1b7ef11c2b7a4df5c44d58bb500b86627ac271acb642c4e1b1b30fe72d01"));
}
