// The StackedDRG circuit on a valid witness: a small sector sealed natively (stacked_test_witness
// .hpp) in rust-fil-proofs' test shape (8 nodes, 2 layers, 1 challenge, tree 8-0-0). As
// storage-proofs-porep/tests/stacked_circuit.rs does, it checks that the circuit is satisfied and
// that the inputs it allocates equal the public inputs computed independently; then that tampered
// witnesses fail at the constraint that guards them, that the blank (key generation) circuit is the
// same R1CS and that the proving system's densities equal DensityCS's; and that a compound tree
// (8-4-2) and the production column height (11 layers) are satisfied too.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "circuit/fingerprint_cs.hpp"
#include "circuit/proving_cs.hpp"
#include "circuit/stacked/density_cs.hpp"
#include "circuit/stacked/stacked_circuit.hpp"
#include "circuit/test_cs.hpp"
#include "stacked_test_witness.hpp"
#include "tamper.hpp"

namespace {

namespace porep = cuzk::porep;

using namespace cuzk::circuit;
using cuzk::bls12_381::Fr;
using cuzk::test::NativeSector;
using cuzk::test::unsatisfied_after_setting;

const stacked::CircuitShape kShape{8, 2, 1, {8, 0, 0}};

}  // namespace

TEST_CASE("stacked circuit: a natively sealed sector satisfies it, with the expected inputs") {
  const NativeSector sector(kShape, /*rng_seed=*/1);
  const stacked::StackedCircuit circuit = sector.circuit(0);
  TestCS cs;
  stacked::synthesize(cs, circuit);

  CHECK(cs.num_constraints() == 1'199'620);
  CHECK(cs.num_inputs() == 22);
  CHECK_MESSAGE(cs.is_satisfied(), "unsatisfied: " << cs.which_is_unsatisfied().value_or(""));

  // generate_public_inputs, computed from the graph and the challenge derivation alone.
  const std::vector<Fr> expected = porep::public_inputs_for_challenges(
      sector.graph(), sector.public_values(), sector.challenges(0));
  REQUIRE(expected.size() + 1 == cs.num_inputs());
  CHECK(cs.inputs()[0] == Fr::one());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    INFO("input " << i + 1 << " " << cs.input_path(i + 1));
    CHECK(cs.inputs()[i + 1] == expected[i]);
  }

  // The labels the circuit recomputes are the native ones.
  const std::uint64_t challenge = sector.challenges(0)[0];
  CHECK(cs.get("challenge 0/labeling 1/create_label/result_num/input/num") ==
        sector.label_fr(1, challenge));
  CHECK(cs.get("challenge 0/labeling 2/create_label/result_num/input/num") ==
        sector.label_fr(2, challenge));

  {
    INFO("a flipped bit of a parent label breaks its unpacking");
    const std::string bit = "challenge 0/labeling 2/exp_parent_9_bits/bit 17/boolean";
    CHECK(unsatisfied_after_setting(cs, bit, Fr::one() - cs.get(bit)) ==
          "challenge 0/labeling 2/exp_parent_9_bits/unpacking constraint");
  }
  {
    INFO("a wrong sibling in tree D breaks the insertion");
    const std::string sibling =
        "challenge 0/comm_d_inclusion/base/merkle tree hash 0/path element 0/num";
    const std::string expected_pick =
        (challenge & 1) ? "binary insert 0/pick" : "binary insert 1/pick";
    CHECK(unsatisfied_after_setting(cs, sibling, cs.get(sibling) + Fr::one()) ==
          "challenge 0/comm_d_inclusion/base/merkle tree hash 0/" + expected_pick);
  }
  {
    INFO("a wrong parent column value fails at that parent's bits");
    // The row is used first by its column hash; its S-box input is the first constraint on it.
    const std::string row = "challenge 0/drg_parent_3_num/column/column_num_row 1/num";
    const std::string failed = unsatisfied_after_setting(cs, row, cs.get(row) + Fr::one());
    CHECK(failed.rfind("challenge 0/drg_parent_3_constraint/", 0) == 0);
  }
  {
    INFO("a wrong comm_r fails the commitment check");
    CHECK(unsatisfied_after_setting(cs, "comm_r/num", Fr::from_u64(7)) ==
          "comm_r_input/enforce input is correct");
    CHECK(unsatisfied_after_setting(cs, "comm_r_input/input variable", Fr::from_u64(7)) ==
          "comm_r_input/enforce input is correct");
  }
  {
    INFO("a wrong challenge input breaks its packing");
    CHECK(unsatisfied_after_setting(cs, "challenge 0/challenge input/input 0", Fr::from_u64(3)) ==
          "challenge 0/challenge input/packing constraint 0");
  }
  {
    INFO("a wrong encoded node fails its sum");
    const std::string encoded = "challenge 0/encode_node/encode_add/add_num/num";
    CHECK(unsatisfied_after_setting(cs, encoded, cs.get(encoded) + Fr::one()) ==
          "challenge 0/encode_node/encode_add/sum constraint");
  }

  {
    INFO("the blank circuit is the same R1CS");
    CHECK(digest_of([&](auto& s) { stacked::synthesize(s, stacked::blank_circuit(kShape)); }) ==
          cs.digest());
  }
}

TEST_CASE("stacked circuit: DensityCS predicts ProvingCS's densities") {
  const NativeSector sector(kShape, /*rng_seed=*/2);
  const stacked::StackedCircuit circuit = sector.circuit(0);
  ProvingCS proving;
  stacked::synthesize(proving, circuit);
  stacked::DensityCS density;
  stacked::synthesize(density, stacked::blank_circuit(kShape));

  CHECK(density.size() ==
        CircuitSize{proving.num_inputs(), proving.num_aux(), proving.num_constraints()});
  CHECK(density.a_aux_density() == proving.a_aux_density());
  CHECK(density.b_input_density() == proving.b_input_density());
  CHECK(density.b_aux_density() == proving.b_aux_density());
  // Only ONE appears in B among the inputs.
  CHECK(density.b_input_density().count() == 1);

  std::size_t violated = 0;
  for (std::size_t i = 0; i < proving.num_constraints(); ++i) {
    violated += proving.a()[i] * proving.b()[i] != proving.c()[i];
  }
  CHECK(violated == 0);
}

TEST_CASE("stacked circuit: a compound tree (8-4-2, 64 nodes) is satisfied too") {
  const stacked::CircuitShape shape{64, 2, 1, {8, 4, 2}};
  const NativeSector sector(shape, /*rng_seed=*/3);
  ProvingCS proving;
  stacked::synthesize(proving, sector.circuit(0));
  CHECK(proving.num_constraints() == 1'346'982);
  std::size_t violated = 0;
  for (std::size_t i = 0; i < proving.num_constraints(); ++i) {
    violated += proving.a()[i] * proving.b()[i] != proving.c()[i];
  }
  CHECK(violated == 0);
  const std::vector<Fr> expected = porep::public_inputs_for_challenges(
      sector.graph(), sector.public_values(), sector.challenges(0));
  CHECK(std::vector<Fr>(proving.inputs().begin() + 1, proving.inputs().end()) == expected);
}

TEST_CASE("stacked circuit: 11 layers (the production column) are satisfied") {
  // 8 nodes, 11 layers, 1 challenge: the closed form of the spec gives 571 + 5,936,031.
  const stacked::CircuitShape shape{8, 11, 1, {8, 0, 0}};
  const NativeSector sector(shape, /*rng_seed=*/4);
  ProvingCS proving;
  stacked::synthesize(proving, sector.circuit(0));
  CHECK(proving.num_constraints() == 571 + 5'936'031);
  std::size_t violated = 0;
  for (std::size_t i = 0; i < proving.num_constraints(); ++i) {
    violated += proving.a()[i] * proving.b()[i] != proving.c()[i];
  }
  CHECK(violated == 0);
  const std::vector<Fr> expected = porep::public_inputs_for_challenges(
      sector.graph(), sector.public_values(), sector.challenges(0));
  CHECK(std::vector<Fr>(proving.inputs().begin() + 1, proving.inputs().end()) == expected);
}
