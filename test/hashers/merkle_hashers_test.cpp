// filecoin-hashers' native conventions: Poseidon nodes, hash_md and byte hashing; SHA-256 nodes
// with the 254-bit trim. Known answers from rust-fil-proofs' own tests.
#include <doctest/doctest.h>

#include <array>
#include <string>
#include <vector>

#include "hashers/poseidon.hpp"
#include "hashers/poseidon_hasher.hpp"
#include "hashers/sha256_hasher.hpp"
#include "test_vectors.hpp"
#include "util/hex.hpp"

namespace {

using cuzk::bls12_381::Fr;
using namespace cuzk::hashers;

Fr fr_hex(std::string_view hex) {
  const auto v = Fr::from_hex(hex);
  REQUIRE(v.has_value());
  return *v;
}

std::string vector_string(std::string_view file, std::string_view group, std::string_view key) {
  const auto json = cuzk::test::load_vector_file(std::string(file));
  simdjson::ondemand::parser parser;
  auto doc = parser.iterate(json);
  return std::string(std::string_view(doc[group][key]));
}

}  // namespace

TEST_CASE("Poseidon binary tree over [1, 0, 0, 1] (filecoin-hashers test_poseidon_hasher)") {
  const Fr one = Fr::one();
  const Fr zero = Fr::zero();
  const Fr left = poseidon_hash2(one, zero);
  const Fr right = poseidon_hash2(zero, one);
  CHECK(left == fr_hex(vector_string("poseidon.json", "filecoin_hashers", "node_1_0")));
  const std::array<Fr, 2> pair = {left, right};
  CHECK(poseidon_multi_node(pair) ==
        fr_hex(vector_string("poseidon.json", "filecoin_hashers", "root_1_0_0_1")));
  // node(0, 1) is neptune's arity-2 vector (preimage [0, 1]).
  const auto json = cuzk::test::load_vector_file("poseidon.json");
  simdjson::ondemand::parser parser;
  auto doc = parser.iterate(json);
  CHECK(right == fr_hex(std::string_view(doc["neptune_hash_values"]["standard"]["2"])));
}

TEST_CASE("Poseidon hash_md of 71 ones (filecoin-hashers test_hash_md)") {
  const std::vector<Fr> ones(71, Fr::one());
  CHECK(poseidon_hash_md(ones) ==
        fr_hex(vector_string("poseidon.json", "filecoin_hashers", "hash_md_71_ones")));
  // Two elements: one arity-36 hash of [x0, x1, 0, ...].
  const std::vector<Fr> two = {Fr::from_u64(3), Fr::from_u64(4)};
  CHECK(poseidon_hash_md(two) ==
        cuzk::hashers::poseidon::hash(two, cuzk::hashers::poseidon::poseidon_constants(36)));
  CHECK_THROWS_AS(poseidon_hash_md(std::vector<Fr>{Fr::one()}), std::invalid_argument);
}

TEST_CASE("Poseidon hash of bytes reads 32-byte little-endian elements") {
  std::vector<std::uint8_t> bytes(64, 0);
  bytes[0] = 1;  // [1, 0]
  const auto h = poseidon_hash_bytes(bytes);
  REQUIRE(h.has_value());
  CHECK(*h == poseidon_hash2(Fr::one(), Fr::zero()));
  std::fill(bytes.begin() + 32, bytes.end(), 0xff);  // second element >= r
  CHECK(!poseidon_hash_bytes(bytes).has_value());
  CHECK_THROWS_AS(poseidon_hash_bytes(std::vector<std::uint8_t>(96)), std::invalid_argument);
  CHECK_THROWS_AS(poseidon_multi_node(std::vector<Fr>(3)), std::invalid_argument);
}

TEST_CASE("SHA-256 comm_d of empty sectors (filecoin-proofs test_compute_comm_d_empty)") {
  for (const std::size_t sector_bytes : {128u, 2048u}) {
    INFO("sector " << sector_bytes);
    std::vector<Sha256Domain> level(sector_bytes / 32, Sha256Domain{});
    while (level.size() > 1) {
      std::vector<Sha256Domain> up;
      for (std::size_t i = 0; i < level.size(); i += 2) {
        up.push_back(sha256_hash2(level[i], level[i + 1]));
      }
      level = std::move(up);
    }
    const std::string expected =
        vector_string("sha256_merkle.json", "empty_comm_d", std::to_string(sector_bytes));
    CHECK(cuzk::to_hex(level[0]) == expected);
  }
}

TEST_CASE("SHA-256 trim keeps 254 bits and the digest is a field element") {
  // SHA-256("abc") = ba7816bf...f20015ad; its last byte 0xad becomes 0x2d.
  const std::string abc = "abc";
  const Sha256Domain d =
      sha256_hash(std::span(reinterpret_cast<const std::uint8_t*>(abc.data()), abc.size()));
  CHECK(cuzk::to_hex(d) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f200152d");
  CHECK(fr_to_sha256_domain(sha256_domain_to_fr(d)) == d);
  const Sha256Domain parts[] = {d, d, d};
  std::vector<std::uint8_t> concat;
  for (const auto& p : parts) concat.insert(concat.end(), p.begin(), p.end());
  CHECK(sha256_multi_node(parts) == sha256_hash(concat));
}
