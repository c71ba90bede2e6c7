// neptune's legacy Poseidon circuit: constraint counts (neptune's test_poseidon_hash and the porep
// hash tests), agreement with the native hash, satisfiability, tamper detection, and the model
// fingerprints of the whole R1CS (gadgets.md 11).
#include "circuit/poseidon/poseidon_gadget.hpp"

#include <doctest/doctest.h>

#include <random>
#include <vector>

#include "circuit/counting_cs.hpp"
#include "circuit/test_cs.hpp"
#include "hashers/poseidon.hpp"

namespace {

using cuzk::bls12_381::Fr;
using cuzk::circuit::AllocatedNum;
using cuzk::circuit::CountingCS;
using cuzk::circuit::TestCS;
using namespace cuzk::circuit::poseidon;
using namespace cuzk::hashers::poseidon;

struct Synthesized {
  std::vector<Fr> preimage;
  AllocatedNum out;
};

// Preimage allocated as aux 0..arity-1 ("data i"), then the hash.
template <class CS>
Synthesized synthesize(CS& cs, const PoseidonConstants& c, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  Synthesized s;
  std::vector<AllocatedNum> nums;
  for (std::size_t i = 0; i < c.arity; ++i) {
    const Fr x = Fr::random(rng);
    s.preimage.push_back(x);
    auto scope = cs.scope("data", i);
    nums.push_back(AllocatedNum::alloc(cs, [&] { return x; }));
  }
  s.out = poseidon_hash(cs, std::span<const AllocatedNum>(nums), c);
  return s;
}

}  // namespace

TEST_CASE("legacy Poseidon circuit: counts, value, satisfiability") {
  // neptune v11 circuit.rs test_poseidon_hash (2, 4, 8, 16); porep hash.rs tests (2, 11).
  const std::pair<std::size_t, std::size_t> expected[] = {
      {2, 311}, {4, 377}, {8, 505}, {11, 598}, {16, 761}};
  for (const auto& [arity, constraints] : expected) {
    INFO("arity " << arity);
    const PoseidonConstants& c = poseidon_constants(arity);
    TestCS cs;
    const Synthesized s = synthesize(cs, c, 1000 + arity);
    CHECK(cs.num_constraints() == constraints);
    CHECK(cs.num_aux() == arity + constraints);  // every constraint allocates one variable
    CHECK(cs.num_inputs() == 1);
    CHECK(cs.is_satisfied());
    REQUIRE(s.out.value().has_value());
    CHECK(*s.out.value() == hash(s.preimage, c));
    CHECK(cs.aux()[s.out.variable().index()] == hash(s.preimage, c));

    CountingCS counting;
    synthesize(counting, c, 0);
    CHECK(counting.num_constraints() == constraints);
    CHECK(counting.num_aux() == arity + constraints);
  }
}

TEST_CASE("legacy Poseidon circuit: Strengthened counts from neptune") {
  // neptune v11 circuit.rs test_poseidon_hash, Strength::Strengthened.
  for (const auto& [arity, constraints] :
       {std::pair<std::size_t, std::size_t>{2, 367}, {4, 433}, {8, 565}, {16, 821}}) {
    INFO("arity " << arity);
    const PoseidonConstants c = PoseidonConstants::generate(arity, Strength::kStrengthened);
    TestCS cs;
    const Synthesized s = synthesize(cs, c, arity);
    CHECK(cs.num_constraints() == constraints);
    CHECK(cs.is_satisfied());
    CHECK(*s.out.value() == hash(s.preimage, c));
  }
}

TEST_CASE("legacy Poseidon circuit: R1CS fingerprints equal the spec's model") {
  // gadgets.md 11: preimage as aux 0..arity-1, then poseidon_hash; independent of the witness.
  const std::pair<std::size_t, const char*> expected[] = {
      {2, "658f013f99360e164ad8e7f96290944601cc064f93c153d9ea7ac1275927175f"},
      {8, "ab50aeda63344f7125999ef5c4af7777380b9015ec82ad48bac2213e9353b163"},
      {11, "e94a28106cbb9a718e525f0f2593ce3b138350047854ebcc3c83472ed482a6f6"}};
  for (const auto& [arity, fingerprint] : expected) {
    INFO("arity " << arity);
    TestCS a;
    synthesize(a, poseidon_constants(arity), 1);
    CHECK(a.fingerprint() == fingerprint);
    TestCS b;
    synthesize(b, poseidon_constants(arity), 2);
    CHECK(b.fingerprint() == a.fingerprint());
  }
}

TEST_CASE("legacy Poseidon circuit: tampering is caught by the right constraint") {
  const PoseidonConstants& c = poseidon_constants(2);
  {
    TestCS cs;
    synthesize(cs, c, 5);
    REQUIRE(cs.is_satisfied());
    const std::string out_path = "hash result/allocate for Elt::Num/num";
    cs.set(out_path, cs.get(out_path) + Fr::one());
    CHECK(cs.which_is_unsatisfied() == "hash result/enforce num allocation preserves lc");
  }
  {
    TestCS cs;
    synthesize(cs, c, 5);
    const std::string path = "first round/quintic s-box 1/(l+rk)^2/squared sum/num";
    cs.set(path, cs.get(path) + Fr::one());
    CHECK(cs.which_is_unsatisfied() ==
          "first round/quintic s-box 1/(l+rk)^2/squared sum constraint");
  }
  {
    TestCS cs;
    synthesize(cs, c, 5);
    const std::string path = "partial round 7/solitary quintic s-box/(l4 * l) + rk)/mul_sum/num";
    cs.set(path, cs.get(path) + Fr::one());
    CHECK(cs.which_is_unsatisfied() ==
          "partial round 7/solitary quintic s-box/(l4 * l) + rk)/mul sum constraint post-add");
  }
  {
    // A different preimage value makes the first S-box constraint fail.
    TestCS cs;
    synthesize(cs, c, 5);
    cs.set("data 0/num", cs.get("data 0/num") + Fr::one());
    CHECK(cs.which_is_unsatisfied() ==
          "first round/quintic s-box 1/(l+rk)^2/squared sum constraint");
  }
}

TEST_CASE("legacy Poseidon circuit: the preimage length must equal the arity") {
  TestCS cs;
  std::vector<AllocatedNum> nums = {AllocatedNum::alloc(cs, [] { return Fr::one(); })};
  CHECK_THROWS_AS(poseidon_hash(cs, std::span<const AllocatedNum>(nums), poseidon_constants(2)),
                  std::invalid_argument);
}
