// filecoin-hashers' circuits against their native counterparts, with the counts the Rust tests
// assert (poseidon.rs test_hash_md_circuit, storage-proofs-core util.rs hash_leaf_bits_circuit,
// porep hash.rs test_hash2_circuit).
#include <doctest/doctest.h>

#include <random>
#include <vector>

#include "circuit/merkle/poseidon_hasher_circuit.hpp"
#include "circuit/merkle/sha256_hasher_circuit.hpp"
#include "circuit/test_cs.hpp"
#include "test_vectors.hpp"

namespace {

using cuzk::bls12_381::Fr;
using namespace cuzk::circuit;
using namespace cuzk::circuit::merkle;
using namespace cuzk::hashers;

AllocatedNum alloc_named(TestCS& cs, const char* name, std::size_t i, const Fr& x) {
  auto scope = cs.scope(name, i);
  return AllocatedNum::alloc(cs, [&] { return x; });
}

// storage-proofs-core's bytes_into_boolean_vec: 8 bits per byte, least significant first.
std::vector<Boolean> alloc_le_bits(TestCS& cs, const std::array<std::uint8_t, 32>& bytes) {
  std::vector<Boolean> bits;
  for (std::size_t i = 0; i < 256; ++i) {
    auto scope = cs.scope("bit", i);
    bits.emplace_back(AllocatedBit::alloc(cs, std::optional<bool>((bytes[i / 8] >> (i % 8)) & 1)));
  }
  return bits;
}

}  // namespace

TEST_CASE("Poseidon hash2 circuit: 311 constraints, equals native hash2") {
  std::mt19937_64 rng(11);
  const Fr a = Fr::random(rng), b = Fr::random(rng);
  TestCS cs;
  const AllocatedNum x = alloc_named(cs, "a", 0, a);
  const AllocatedNum y = alloc_named(cs, "b", 0, b);
  const AllocatedNum h = poseidon_hash2_circuit(cs, x, y);
  CHECK(cs.num_constraints() == 311);
  CHECK(cs.is_satisfied());
  CHECK(*h.value() == poseidon_hash2(a, b));
}

TEST_CASE("Poseidon hash_md circuit of 71 ones: 2,770 constraints, equals the published value") {
  TestCS cs;
  std::vector<AllocatedNum> inputs;
  for (std::size_t i = 0; i < 71; ++i) inputs.push_back(alloc_named(cs, "input", i, Fr::one()));
  const AllocatedNum h = poseidon_hash_md_circuit(cs, std::span<const AllocatedNum>(inputs));
  CHECK(cs.num_constraints() == 2'770);
  CHECK(cs.is_satisfied());
  const std::vector<Fr> ones(71, Fr::one());
  CHECK(*h.value() == poseidon_hash_md(ones));
  const auto json = cuzk::test::load_vector_file("poseidon.json");
  simdjson::ondemand::parser parser;
  auto doc = parser.iterate(json);
  CHECK(h.value()->to_hex() == std::string_view(doc["filecoin_hashers"]["hash_md_71_ones"]));
}

TEST_CASE("SHA-256 hash_leaf_bits circuit: 45,387 constraints with its 512 bits, equals node()") {
  std::mt19937_64 rng(12);
  const Fr left = Fr::random(rng), right = Fr::random(rng);
  TestCS cs;
  std::vector<Boolean> l, r;
  {
    auto scope = cs.scope("left");
    l = alloc_le_bits(cs, left.to_bytes_le());
  }
  {
    auto scope = cs.scope("right");
    r = alloc_le_bits(cs, right.to_bytes_le());
  }
  AllocatedNum h;
  {
    auto scope = cs.scope("hash_leaf_circuit");
    h = sha256_leaf_bits_circuit(cs, l, r);
  }
  CHECK(cs.num_constraints() == 45'387);
  CHECK(cs.is_satisfied());
  const Sha256Domain expected = sha256_hash2(fr_to_sha256_domain(left), fr_to_sha256_domain(right));
  CHECK(*h.value() == sha256_domain_to_fr(expected));
  // Tampering with the packed output breaks the packing constraint.
  cs.set("hash_leaf_circuit/pack_le/input/num", *h.value() + Fr::one());
  CHECK(cs.which_is_unsatisfied() == "hash_leaf_circuit/pack_le/packing constraint");
}

TEST_CASE("SHA-256 hash2 circuit on allocated numbers: 45,379 constraints, equals hash2") {
  std::mt19937_64 rng(13);
  const Fr a = Fr::random(rng), b = Fr::random(rng);
  TestCS cs;
  const AllocatedNum x = alloc_named(cs, "a", 0, a);
  const AllocatedNum y = alloc_named(cs, "b", 0, b);
  const AllocatedNum h = sha256_hash2_circuit(cs, x, y);
  CHECK(cs.num_constraints() == 45'379);
  CHECK(cs.is_satisfied());
  CHECK(*h.value() ==
        sha256_domain_to_fr(sha256_hash2(fr_to_sha256_domain(a), fr_to_sha256_domain(b))));
  TestCS cs2;
  const AllocatedNum leaves[] = {alloc_named(cs2, "a", 0, a), alloc_named(cs2, "b", 0, b)};
  const AllocatedNum h2 = sha256_multi_leaf_circuit(cs2, std::span<const AllocatedNum>(leaves));
  CHECK(cs2.num_constraints() == 45'379);
  CHECK(h2.value() == h.value());
  CHECK(cs2.fingerprint() == cs.fingerprint());  // same R1CS, only the scope names differ
}
