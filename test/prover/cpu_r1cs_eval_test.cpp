// The CPU prover's path from a recorded shape (ShapeCS, record_partition) and a compact witness
// (WitnessCS, the native generator) against the generic reference, ProvingCS: the evaluations a,
// b, c of every row are equal on rust-fil-proofs' small test shape and on 2 KiB and 8 MiB
// partitions of natively sealed sectors; the proofs are equal byte for byte under the same
// blinding and verify; a witness that does not satisfy the circuit is refused at the first
// unsatisfied row that an independent row-by-row evaluation finds.
#include <doctest/doctest.h>

#include <random>
#include <span>
#include <string>
#include <vector>

#include "circuit/proving_cs.hpp"
#include "circuit/stacked/native_witness.hpp"
#include "circuit/stacked/record_shape.hpp"
#include "circuit/stacked/stacked_circuit.hpp"
#include "circuit/stacked_test_witness.hpp"
#include "circuit/witness_cs.hpp"
#include "groth16_circuits.hpp"
#include "porep/registered_proof.hpp"
#include "prover/cpu_backend.hpp"
#include "prover/cpu_r1cs_eval.hpp"
#include "prover/prover.hpp"
#include "prover/setup/test_setup.hpp"
#include "prover/verifier.hpp"
#include "util/error.hpp"

namespace {

namespace stacked = cuzk::circuit::stacked;
using cuzk::bls12_381::Fr;
using cuzk::circuit::CompactR1cs;
using cuzk::circuit::CompactWitness;
using cuzk::circuit::ProvingCS;
using namespace cuzk::prover;

// rust-fil-proofs' small test shape: 8 nodes, 2 layers, 1 challenge, tree 8-0-0.
const stacked::CircuitShape kTestShape{8, 2, 1, {8, 0, 0}};

struct Partition {
  stacked::RecordedPartition recorded;
  stacked::StackedCircuit circuit;
  CompactWitness witness;
};

Partition sealed_partition(const stacked::CircuitShape& shape, std::uint64_t seed) {
  const cuzk::test::NativeSector sector(shape, seed);
  Partition p{stacked::record_partition(shape), sector.circuit(0), {}};
  p.witness = stacked::native_witnesses(std::span(&p.circuit, 1), p.recorded.layout).at(0);
  return p;
}

ProvingCS proving_cs(const stacked::StackedCircuit& circuit) {
  return synthesize_for_proving([&](ProvingCS& cs) { stacked::synthesize(cs, circuit); });
}

// The first row where <A_i,w>·<B_i,w> != <C_i,w>, by the recording's own row_dot over the
// expanded witness (a path that shares nothing with evaluate_rows' lookups); rows if none.
std::size_t first_unsatisfied(const CompactR1cs& r, const CompactWitness& w) {
  const std::vector<Fr> aux = w.expand_aux();
  for (std::size_t i = 0; i < r.size.num_constraints; ++i) {
    const Fr a = cuzk::circuit::row_dot(r.a, r.coefficients, i, w.inputs, aux);
    const Fr b = cuzk::circuit::row_dot(r.b, r.coefficients, i, w.inputs, aux);
    const Fr c = cuzk::circuit::row_dot(r.c, r.coefficients, i, w.inputs, aux);
    if (a * b != c) return i;
  }
  return r.size.num_constraints;
}

std::string refusal(std::size_t row) {
  return "the witness does not satisfy constraint " + std::to_string(row) + " (";
}

Blinding blinding(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  return {Fr::random(rng), Fr::random(rng)};
}

}  // namespace

TEST_CASE("evaluate_rows: ProvingCS's a, b, c on the test shape, 2 KiB and 8 MiB partitions") {
  const stacked::CircuitShape shapes[] = {
      kTestShape, stacked::circuit_shape(cuzk::porep::RegisteredSealProof::kStackedDrg2KiBV1_1),
      stacked::circuit_shape(cuzk::porep::RegisteredSealProof::kStackedDrg8MiBV1_1)};
  for (const stacked::CircuitShape& shape : shapes) {
    INFO("nodes " << shape.nodes << ", layers " << shape.layers << ", challenges "
                  << shape.challenges);
    const Partition p = sealed_partition(shape, /*seed=*/41);
    const ProvingCS reference = proving_cs(p.circuit);
    const RowEvaluations rows = evaluate_rows(p.recorded.r1cs, p.witness);
    REQUIRE(rows.a.size() == reference.num_constraints());
    CHECK(rows.a == std::vector<Fr>(reference.a().begin(), reference.a().end()));
    CHECK(rows.b == std::vector<Fr>(reference.b().begin(), reference.b().end()));
    CHECK(rows.c == std::vector<Fr>(reference.c().begin(), reference.c().end()));
    // Not a trivial witness: most values are bits, about half of them ones, a few are wide.
    CHECK(p.witness.bits.count() > p.witness.num_aux / 4);
    CHECK(!p.witness.wide.empty());
  }
}

TEST_CASE("evaluate_rows: an unsatisfying witness is refused at its first unsatisfied row") {
  const Partition p = sealed_partition(kTestShape, /*seed=*/42);
  const CompactR1cs& r = p.recorded.r1cs;
  REQUIRE(first_unsatisfied(r, p.witness) == r.size.num_constraints);

  SUBCASE("a flipped bit") {
    CompactWitness w = p.witness;
    std::size_t j = w.num_aux / 3;
    while (!w.aux(j).is_zero() && !w.aux(j).is_one()) ++j;
    w.bits.mutable_words()[j / 64] ^= std::uint64_t{1} << (j % 64);
    const std::size_t row = first_unsatisfied(r, w);
    REQUIRE(row < r.size.num_constraints);
    CHECK_THROWS_WITH_AS(evaluate_rows(r, w), doctest::Contains(refusal(row).c_str()), cuzk::Error);
  }
  SUBCASE("a changed wide value") {
    CompactWitness w = p.witness;
    REQUIRE(w.wide.size() > 2);
    w.wide[w.wide.size() / 2].value += Fr::one();
    const std::size_t row = first_unsatisfied(r, w);
    REQUIRE(row < r.size.num_constraints);
    CHECK_THROWS_WITH_AS(evaluate_rows(r, w), doctest::Contains(refusal(row).c_str()), cuzk::Error);
  }
  SUBCASE("a changed public input") {
    CompactWitness w = p.witness;
    w.inputs.back() += Fr::one();
    const std::size_t row = first_unsatisfied(r, w);
    REQUIRE(row < r.size.num_constraints);
    CHECK_THROWS_WITH_AS(evaluate_rows(r, w), doctest::Contains(refusal(row).c_str()), cuzk::Error);
  }
  SUBCASE("a witness of another size") {
    CompactWitness w = p.witness;
    w.inputs.pop_back();
    CHECK_THROWS_WITH_AS(evaluate_rows(r, w), doctest::Contains("the witness has"), cuzk::Error);
  }
}

TEST_CASE("create_proofs from a recording and compact witnesses: ProvingCS's proofs, exactly") {
  // Random coefficients, inputs in B, bits and wide values: every kind of term.
  const auto circuit = [](std::uint64_t witness_seed) {
    return cuzk::test::RandomCircuit{.inputs = 6, .constraints = 900, .witness_seed = witness_seed};
  };
  std::mt19937_64 rng(43);
  const Parameters params = generate_test_parameters(circuit(0), ToxicWaste::random(rng));
  const InMemoryParameters source(params);
  const CompactR1cs shape = record_circuit(circuit(0));

  std::vector<ProvingCS> reference;
  std::vector<CompactCircuit> compact;
  for (const std::uint64_t seed : {5, 6}) {
    reference.push_back(synthesize_for_proving(circuit(seed)));
    cuzk::circuit::WitnessCS cs;
    circuit(seed)(cs);
    cuzk::circuit::enforce_input_columns(cs);
    CompactWitness w = std::move(cs).finish();
    RowEvaluations rows = evaluate_rows(shape, w);
    compact.push_back({std::move(w), std::move(rows)});
  }
  const std::vector<Blinding> rs = {blinding(7), blinding(8)};
  CpuBackend cpu;
  const std::vector<Proof> expected = create_proofs(source, reference, cpu, rs);
  const std::vector<Proof> proofs = create_proofs(source, shape, std::move(compact), cpu, rs);
  REQUIRE(proofs.size() == 2);
  CHECK(proofs[0] == expected[0]);
  CHECK(proofs[1] == expected[1]);
  const PreparedVerifyingKey pvk(params.vk);
  CHECK(verify_proof(pvk, proofs[0], circuit(5).public_inputs()));
  CHECK(verify_proof(pvk, proofs[1], circuit(6).public_inputs()));
  CHECK_FALSE(verify_proof(pvk, proofs[0], circuit(6).public_inputs()));
}
