// The circuit built from a parsed C1 file (StackedCompound::circuit): for the porep helper's
// synthetic C1 fixture, whose values are random but whose indices (challenges, parents, path
// positions) are all consistent, the circuit must have the blank circuit's R1CS, and the inputs it
// allocates must be the partition's public inputs derived independently from the public values.
// (The fixture's values satisfy no hash relation, so satisfiability is tested elsewhere.)
#include <doctest/doctest.h>

#include <vector>

#include "circuit/counting_cs.hpp"
#include "circuit/stacked/stacked_circuit.hpp"
#include "porep/c1_fixture.hpp"
#include "porep/c1_parser.hpp"
#include "porep/graph.hpp"
#include "porep/public_inputs.hpp"
#include "util/error.hpp"

namespace {

namespace porep = cuzk::porep;

using namespace cuzk::circuit;
using cuzk::bls12_381::Fr;

// A witness-keeping system that keeps only the public inputs' values.
class InputsCS {
 public:
  static constexpr bool kKeepsWitness = true;

  template <class F>
  Variable alloc(Name, F&&) {
    return Variable::aux(num_aux_++);
  }
  template <class F>
  Variable alloc_input(Name, F&& f) {
    inputs_.push_back(f());
    return Variable::input(inputs_.size() - 1);
  }
  void enforce(Name, const LinearCombination&, const LinearCombination&, const LinearCombination&) {
    ++num_constraints_;
  }
  NoScope scope(Name) { return {}; }
  template <std::integral I>
  NoScope scope(const char*, I) {
    return {};
  }
  std::size_t num_inputs() const { return inputs_.size(); }
  std::size_t num_aux() const { return num_aux_; }
  std::size_t num_constraints() const { return num_constraints_; }
  const std::vector<Fr>& inputs() const { return inputs_; }

 private:
  std::vector<Fr> inputs_{Fr::one()};
  std::size_t num_aux_ = 0;
  std::size_t num_constraints_ = 0;
};

void check_nonzeros_equal(const CountingCS& a, const CountingCS& b) {
  CHECK(a.size() == b.size());
  CHECK(a.nonzeros_a() == b.nonzeros_a());
  CHECK(a.nonzeros_b() == b.nonzeros_b());
  CHECK(a.nonzeros_c() == b.nonzeros_c());
}

}  // namespace

TEST_CASE("stacked circuit from C1: blank R1CS and the partition's public inputs") {
  const auto proof = porep::RegisteredSealProof::kStackedDrg2KiBV1_1;
  cuzk::test::C1Fixture fixture({.proof = proof, .rng_seed = 5});
  const porep::C1Output c1 = porep::parse_c1(fixture.json());
  const stacked::StackedCircuit circuit = stacked::circuit_from_c1(c1, 0);
  CHECK(circuit.shape == stacked::circuit_shape(proof));

  CountingCS from_c1, blank;
  stacked::synthesize(from_c1, circuit);
  stacked::synthesize(blank, stacked::blank_circuit(circuit.shape));
  check_nonzeros_equal(from_c1, blank);

  InputsCS cs;
  stacked::synthesize(cs, circuit);
  const porep::PorepConfig config = porep::porep_config(proof);
  const std::vector<Fr> expected =
      porep::partition_public_inputs(config, porep::StackedGraph(config), c1.public_values(), 0);
  CHECK(std::vector<Fr>(cs.inputs().begin() + 1, cs.inputs().end()) == expected);

  CHECK_THROWS_AS(stacked::circuit_from_c1(c1, 1), cuzk::Error);
}

TEST_CASE("stacked circuit from C1: the paths of a 64 GiB (8-8-2) partition") {
  // Only the conversion: synthesizing a 64 GiB partition takes far longer than a test should.
  cuzk::test::C1Fixture fixture(
      {.proof = porep::RegisteredSealProof::kStackedDrg64GiBV1_1, .rng_seed = 6});
  const porep::C1Output c1 = porep::parse_c1(fixture.json(), porep::C1Checks::kStructure);
  const stacked::StackedCircuit circuit = stacked::circuit_from_c1(c1, 3);
  REQUIRE(circuit.proofs.size() == 18);
  const stacked::ChallengeWitness& w = circuit.proofs[0];
  const merkle::AuthPath blank =
      merkle::AuthPath::blank(circuit.shape.column_tree(), circuit.shape.nodes);
  CHECK(w.comm_c_path.base.size() == blank.base.size());
  CHECK(w.comm_c_path.sub.has_value());
  CHECK(w.comm_c_path.top.has_value());
  CHECK(w.comm_c_path.top->siblings.size() == 1);
  CHECK(w.comm_d_path.base.size() == 31);
  // The path positions spell the challenged node, as the tree D input will.
  std::uint64_t node = 0, weight = 1;
  for (const merkle::PathLevel& level : w.comm_c_path.base) {
    node += *level.index * weight;
    weight *= 8;
  }
  node += *w.comm_c_path.sub->index * weight;
  weight *= 8;
  node += *w.comm_c_path.top->index * weight;
  CHECK(node == *w.challenge);
  CHECK(w.drg_parents[0].rows.size() == 11);
}
