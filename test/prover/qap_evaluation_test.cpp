// The QAP evaluation from the compact recording (transposed by a counting sort, summed by many
// threads) equals the straightforward column sums over bellperson's KeypairAssembly columns, term
// by term as enforced, for random circuits, a circuit whose combinations repeat and cancel
// variables, and a real StackedDRG partition shape.
#include <doctest/doctest.h>

#include <random>
#include <vector>

#include "circuit/stacked/circuit_shape.hpp"
#include "circuit/stacked/record_shape.hpp"
#include "circuit/stacked/stacked_circuit.hpp"
#include "groth16_circuits.hpp"
#include "prover/setup/keypair_assembly.hpp"
#include "prover/setup/qap_evaluation.hpp"
#include "prover/setup/test_setup.hpp"

namespace {

using cuzk::bls12_381::Fr;
using cuzk::circuit::LinearCombination;
using cuzk::circuit::Variable;
using namespace cuzk::prover;

// sum of coeff * lagrange[constraint] over each column, one column at a time.
std::vector<Fr> reference(const std::vector<KeypairAssembly::Column>& columns,
                          const std::vector<Fr>& lagrange) {
  std::vector<Fr> out;
  for (const auto& column : columns) {
    Fr acc;
    for (const auto& e : column) acc += e.coeff * lagrange[e.constraint];
    out.push_back(acc);
  }
  return out;
}

std::vector<Fr> random_values(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Fr> v(n);
  for (auto& x : v) x = Fr::random(rng);
  return v;
}

// Records `circuit` both ways and compares every column of A, B and C.
template <class Circuit>
void check_circuit(Circuit&& circuit, std::uint64_t seed) {
  KeypairAssembly columns;
  circuit(columns);
  cuzk::circuit::enforce_input_columns(columns);
  const cuzk::circuit::CompactR1cs r = record_circuit(circuit);
  REQUIRE(r.size.num_constraints == columns.num_constraints());
  REQUIRE(r.size.num_inputs == columns.num_inputs());
  REQUIRE(r.size.num_aux == columns.num_aux());
  INFO("seed " << seed);
  const std::vector<Fr> lagrange = random_values(r.size.num_constraints, seed);
  const auto check = [&](const cuzk::circuit::CompactMatrix& m,
                         std::vector<KeypairAssembly::Column> KeypairAssembly::Columns::*matrix,
                         const char* name) {
    INFO("matrix " << name);
    const ColumnValues v = evaluate_columns(m, r.coefficients, r.size, lagrange);
    CHECK(v.inputs == reference(columns.inputs().*matrix, lagrange));
    CHECK(v.aux == reference(columns.aux().*matrix, lagrange));
  };
  check(r.a, &KeypairAssembly::Columns::a, "A");
  check(r.b, &KeypairAssembly::Columns::b, "B");
  check(r.c, &KeypairAssembly::Columns::c, "C");
}

}  // namespace

TEST_CASE("QAP columns from the compact recording equal KeypairAssembly's, random circuits") {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    cuzk::test::RandomCircuit c;
    c.inputs = 1 + seed;
    c.constraints = 500 * seed;
    c.shape_seed = seed;
    check_circuit(c, seed);
  }
  check_circuit(cuzk::test::CubicCircuit{}, 9);
}

TEST_CASE("QAP columns: repeated and cancelling terms add up as KeypairAssembly's do") {
  auto circuit = [](auto& cs) {
    const Variable x = cs.alloc("x", [] { return Fr::from_u64(3); });
    const Variable y = cs.alloc("y", [] { return Fr::from_u64(4); });
    const Variable in = cs.alloc_input("in", [] { return Fr::from_u64(12); });
    LinearCombination twice_x(x);
    twice_x.add(x).add(y, Fr::from_u64(5)).sub(y, Fr::from_u64(5));  // 2x; y cancels
    LinearCombination xy(x);
    xy.add(y, Fr::from_u64(7)).sub(x).add(x);  // x + 7y
    cs.enforce("repeats", twice_x, xy, LinearCombination(in));
    cs.enforce("cancel", LinearCombination(y), LinearCombination(Variable::one()),
               LinearCombination(y));
  };
  check_circuit(circuit, 11);
}

TEST_CASE("QAP columns of a StackedDRG partition equal KeypairAssembly's") {
  // rust-fil-proofs' small test shape: 1.2 M constraints, 22 inputs.
  const cuzk::circuit::stacked::CircuitShape shape{8, 2, 1, {2, 0, 0}};
  const auto blank = cuzk::circuit::stacked::blank_circuit(shape);
  KeypairAssembly columns;
  cuzk::circuit::stacked::synthesize(columns, blank);
  cuzk::circuit::enforce_input_columns(columns);
  const cuzk::circuit::CompactR1cs r = cuzk::circuit::stacked::record_partition_shape(shape);
  REQUIRE(r.size.num_constraints == columns.num_constraints());
  CHECK(r.size.num_constraints == 1206234);
  const std::vector<Fr> lagrange = random_values(r.size.num_constraints, 21);
  const ColumnValues a = evaluate_columns(r.a, r.coefficients, r.size, lagrange);
  CHECK(a.inputs == reference(columns.inputs().a, lagrange));
  CHECK(a.aux == reference(columns.aux().a, lagrange));
  const ColumnValues b = evaluate_columns(r.b, r.coefficients, r.size, lagrange);
  CHECK(b.inputs == reference(columns.inputs().b, lagrange));
  CHECK(b.aux == reference(columns.aux().b, lagrange));
  const ColumnValues c = evaluate_columns(r.c, r.coefficients, r.size, lagrange);
  CHECK(c.inputs == reference(columns.inputs().c, lagrange));
  CHECK(c.aux == reference(columns.aux().c, lagrange));
}

TEST_CASE("QAP evaluation refuses too few Lagrange values") {
  const auto r = record_circuit(cuzk::test::CubicCircuit{});
  const std::vector<Fr> short_basis(r.size.num_constraints - 1);
  CHECK_THROWS_AS(evaluate_columns(r.a, r.coefficients, r.size, short_basis), cuzk::Error);
}
