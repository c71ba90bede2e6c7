// The native witness generator against the generic reference (synthesize_witnesses, the gadgets
// through WitnessCS): the same compact witnesses, bit for bit, for a sealed 2 KiB sector and for
// 8 MiB and 512 MiB partitions with random but well-formed values (the generic path checks no
// hash relation, so any values compare); values 0 and 1 filed as bits; every part filling the
// range the gadgets' counts give it; the errors.
#include <doctest/doctest.h>

#include <vector>

#include "circuit/stacked/native_parts.hpp"
#include "circuit/stacked/native_witness.hpp"
#include "circuit/stacked/partition_layout.hpp"
#include "circuit/stacked/synthesize_witness.hpp"
#include "porep/c1_fixture.hpp"
#include "porep/c1_parser.hpp"
#include "stacked_test_witness.hpp"
#include "util/error.hpp"
#include "witness_compare.hpp"

namespace {

namespace porep = cuzk::porep;
using namespace cuzk::circuit;
using cuzk::bls12_381::Fr;

void check_native_equals_generic(const std::vector<stacked::StackedCircuit>& circuits) {
  const stacked::PartitionLayout layout = stacked::partition_layout(circuits.front().shape);
  const std::vector<CompactWitness> generic = stacked::synthesize_witnesses(circuits, layout);
  const std::vector<CompactWitness> native = stacked::native_witnesses(circuits, layout);
  REQUIRE(native.size() == circuits.size());
  for (std::size_t p = 0; p < circuits.size(); ++p) {
    INFO("partition " << p);
    CHECK(cuzk::test::witness_difference(native[p], generic[p]) == "");
    CHECK(native[p].num_aux == layout.total().num_aux);
  }
}

stacked::StackedCircuit fixture_circuit(porep::RegisteredSealProof proof, std::uint64_t seed) {
  cuzk::test::C1Fixture fixture({.proof = proof, .rng_seed = seed});
  return stacked::circuit_from_c1(porep::parse_c1(fixture.json()), 0);
}

const stacked::CircuitShape k2KiB =
    stacked::circuit_shape(porep::RegisteredSealProof::kStackedDrg2KiBV1_1);

}  // namespace

TEST_CASE("native witnesses equal the generic ones: a sealed 2 KiB sector, two partitions") {
  const cuzk::test::NativeSector sector(k2KiB, /*rng_seed=*/21);
  check_native_equals_generic({sector.circuit(0), sector.circuit(1)});
}

TEST_CASE("native witnesses equal the generic ones: 8 MiB and 512 MiB partitions") {
  for (const auto proof : {porep::RegisteredSealProof::kStackedDrg8MiBV1_1,
                           porep::RegisteredSealProof::kStackedDrg512MiBV1_1}) {
    INFO(porep::seal_proof_info(proof).name);
    check_native_equals_generic({fixture_circuit(proof, 31)});
  }
}

TEST_CASE("native witnesses: values 0 and 1 are bits wherever they occur") {
  const cuzk::test::NativeSector sector(k2KiB, /*rng_seed=*/22);
  stacked::StackedCircuit c = sector.circuit(0);
  c.comm_c = Fr::one();
  c.comm_r_last = Fr::zero();
  stacked::ChallengeWitness& w = c.proofs[1];
  w.data_leaf = Fr::zero();
  w.drg_parents[2].rows[0] = Fr::one();
  w.exp_parents[5].rows[1] = Fr::zero();
  w.comm_c_path.base[0].siblings[3] = Fr::one();
  w.comm_r_last_path.base[1].siblings[0] = Fr::zero();
  check_native_equals_generic({c});
}

TEST_CASE("native witnesses: every part writes exactly the range the gadgets' counts give it") {
  const cuzk::test::NativeSector sector(k2KiB, /*rng_seed=*/23);
  const stacked::StackedCircuit c = sector.circuit(0);
  const stacked::PartitionLayout layout = stacked::partition_layout(k2KiB);
  const stacked::NativeWitnessPlan plan(k2KiB);
  for (const stacked::ChallengePartSpan& part : layout.parts) {
    INFO("part " << int(part.part) << " " << part.index);
    cuzk::circuit::native::AuxWriter out(0);
    std::vector<Fr> inputs;
    stacked::write_challenge_part(plan, c, c.proofs[0], part, out, inputs);
    CHECK(out.count() == part.size.num_aux);
    CHECK(inputs.size() == part.size.num_inputs);
  }
}

TEST_CASE("native witnesses: missing values and mismatched shapes are errors") {
  const stacked::PartitionLayout layout = stacked::partition_layout(k2KiB);
  const std::vector<stacked::StackedCircuit> blank = {stacked::blank_circuit(k2KiB)};
  CHECK_THROWS_AS(stacked::native_witnesses(blank, layout), cuzk::Error);

  const cuzk::test::NativeSector sector(k2KiB, /*rng_seed=*/24);
  std::vector<stacked::StackedCircuit> one = {sector.circuit(0)};
  one[0].proofs[1].drg_parents[0].rows[1].reset();
  CHECK_THROWS_AS(stacked::native_witnesses(one, layout), cuzk::Error);

  const stacked::CircuitShape other{64, 2, 3, {8, 0, 0}};
  const std::vector<stacked::StackedCircuit> good = {sector.circuit(0)};
  CHECK_THROWS_AS(stacked::native_witnesses(good, stacked::partition_layout(other)), cuzk::Error);
  one = {sector.circuit(0)};
  one[0].proofs.pop_back();
  CHECK_THROWS_AS(stacked::native_witnesses(one, layout), cuzk::Error);
}
