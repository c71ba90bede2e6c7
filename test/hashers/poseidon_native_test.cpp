// Native Poseidon against neptune v11's published vectors, and the optimized permutation against
// the reference one.
#include "hashers/poseidon.hpp"

#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "test_vectors.hpp"

namespace {

using cuzk::bls12_381::Fr;
using namespace cuzk::hashers::poseidon;

constexpr std::size_t kArities[] = {2, 4, 8, 11, 16, 24, 36};

Fr fr_hex(std::string_view hex) {
  const auto v = Fr::from_hex(hex);
  REQUIRE(v.has_value());
  return *v;
}

std::vector<Fr> counting_preimage(std::size_t arity, std::uint64_t first) {
  std::vector<Fr> p(arity);
  for (std::size_t i = 0; i < arity; ++i) p[i] = Fr::from_u64(first + i);
  return p;
}

}  // namespace

TEST_CASE("neptune hash_values: preimage [0, 1, ..., arity-1]") {
  const auto json = cuzk::test::load_vector_file("poseidon.json");
  simdjson::ondemand::parser parser;
  auto doc = parser.iterate(json);
  auto vectors = doc["neptune_hash_values"];
  for (const auto& [strength, key] : {std::pair{Strength::kStandard, "standard"},
                                      std::pair{Strength::kStrengthened, "strengthened"}}) {
    auto table = vectors[key];
    std::size_t seen = 0;
    for (auto field : table.get_object()) {
      const std::size_t arity = std::stoul(std::string(std::string_view(field.unescaped_key())));
      const Fr expected = fr_hex(std::string_view(field.value()));
      INFO(key << " arity " << arity);
      const PoseidonConstants& c = strength == Strength::kStandard
                                       ? poseidon_constants(arity)
                                       : PoseidonConstants::generate(arity, strength);
      const auto preimage = counting_preimage(arity, 0);
      CHECK(hash(preimage, c) == expected);
      CHECK(hash_reference(preimage, c) == expected);
      ++seen;
    }
    CHECK(seen == std::size(kArities));
  }
}

TEST_CASE("preimage [1..arity]: spec model values") {
  // gadgets.md 8.7, from the independent model; a second preimage for the arities PoRep uses.
  CHECK(hash(counting_preimage(2, 1)) ==
        fr_hex("6d6f8106657f1f4d7babcbaf436a9d7669c04e726e5896d89317d9833e5fa9be"));
  CHECK(hash(counting_preimage(8, 1)) ==
        fr_hex("04edd42e8fc4e07643d1f36a1129c4e83ecaefec78e2ee10b834a106c1e1c07e"));
  CHECK(hash(counting_preimage(11, 1)) ==
        fr_hex("04817ecd0e80961686791eaf49dabcca4c6f52adad43dff41c611158e92280bd"));
}

TEST_CASE("optimized permutation equals the reference on random states") {
  std::mt19937_64 rng(7);
  for (std::size_t arity : kArities) {
    const PoseidonConstants& c = poseidon_constants(arity);
    for (int trial = 0; trial < 4; ++trial) {
      INFO("arity " << arity << " trial " << trial);
      std::vector<Fr> fast(c.width);
      for (auto& x : fast) x = Fr::random(rng);
      std::vector<Fr> slow = fast;
      permute(fast, c);
      permute_reference(slow, c);
      CHECK(fast == slow);
    }
  }
}

TEST_CASE("short preimages are zero-padded; long ones and wrong states are rejected") {
  const PoseidonConstants& c = poseidon_constants(4);
  const std::vector<Fr> short_preimage = {Fr::from_u64(5), Fr::from_u64(6)};
  const std::vector<Fr> padded = {Fr::from_u64(5), Fr::from_u64(6), Fr::zero(), Fr::zero()};
  CHECK(hash(short_preimage, c) == hash(padded, c));
  CHECK(hash(short_preimage, c) != hash(std::vector<Fr>{Fr::from_u64(6), Fr::from_u64(5)}, c));
  CHECK_THROWS_AS(hash(counting_preimage(5, 0), c), std::invalid_argument);
  std::vector<Fr> state(4);
  CHECK_THROWS_AS(permute(state, c), std::invalid_argument);
  CHECK_THROWS_AS(hash(counting_preimage(3, 0)), std::invalid_argument);
}

TEST_CASE("changing any input element changes the hash") {
  const auto base = counting_preimage(8, 100);
  const Fr h = hash(base);
  for (std::size_t i = 0; i < base.size(); ++i) {
    auto changed = base;
    changed[i] += Fr::one();
    CHECK(hash(changed) != h);
  }
}
