// The split the GPU path uses: matrices recorded once (ShapeCS, compact) times a compact witness
// (WitnessCS) must give exactly what ProvingCS computes while synthesizing; and a partition
// recorded or synthesized challenge by challenge on several threads must equal the same done in
// one sequential pass.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "circuit/counting_cs.hpp"
#include "circuit/gadgets/num.hpp"
#include "circuit/gadgets/sha256.hpp"
#include "circuit/proving_cs.hpp"
#include "circuit/shape_cs.hpp"
#include "circuit/stacked/record_shape.hpp"
#include "circuit/stacked/stacked_circuit.hpp"
#include "circuit/stacked/synthesize_witness.hpp"
#include "circuit/witness_cs.hpp"
#include "stacked_test_witness.hpp"

using namespace cuzk::circuit;

namespace {

// Rows of A, B and C of `r` dotted with the witness equal ProvingCS's evaluations.
std::size_t evaluation_mismatches(const CompactR1cs& r, const CompactWitness& w,
                                  const ProvingCS& p) {
  const std::vector<Fr> aux = w.expand_aux();
  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < r.size.num_constraints; ++i) {
    mismatches += row_dot(r.a, r.coefficients, i, w.inputs, aux) != p.a()[i];
    mismatches += row_dot(r.b, r.coefficients, i, w.inputs, aux) != p.b()[i];
    mismatches += row_dot(r.c, r.coefficients, i, w.inputs, aux) != p.c()[i];
  }
  return mismatches;
}

void check_densities(const CompactR1cs& r, const ProvingCS& p) {
  CHECK(r.a_aux_density == p.a_aux_density());
  CHECK(r.b_input_density == p.b_input_density());
  CHECK(r.b_aux_density == p.b_aux_density());
}

// The same matrix, term for term (coefficient ids may differ between recordings; values not).
void check_same_matrix(const CompactMatrix& x, std::span<const Fr> x_coeffs, const CompactMatrix& y,
                       std::span<const Fr> y_coeffs) {
  REQUIRE(x.row_start == y.row_start);
  REQUIRE(x.column == y.column);
  std::size_t differ = 0;
  for (std::size_t k = 0; k < x.coeff.size(); ++k)
    differ += x_coeffs[x.coeff[k]] != y_coeffs[y.coeff[k]];
  CHECK(differ == 0);
}

}  // namespace

TEST_CASE("ShapeCS matrices times WitnessCS's witness reproduce ProvingCS") {
  std::mt19937_64 rng(71);
  std::vector<std::uint8_t> msg(100);
  for (auto& b : msg) b = static_cast<std::uint8_t>(rng());
  const Fr x = Fr::random(rng);
  const auto synth = [&](auto& cs) {
    std::vector<Boolean> bits;
    for (std::size_t i = 0; i < 8 * msg.size(); ++i) {
      bits.push_back(AllocatedBit::alloc(cs, ((msg[i / 8] >> (7 - i % 8)) & 1) != 0));
    }
    sha256(cs, std::span<const Boolean>(bits));
    const AllocatedNum n = AllocatedNum::alloc(cs, x);
    n.square(cs).inputize(cs);
    n.to_bits_le(cs);
    enforce_input_columns(cs);
  };

  ProvingCS p;
  synth(p);
  ShapeCS shape_cs;
  synth(shape_cs);
  WitnessCS witness_cs;
  synth(witness_cs);
  CountingCS counting;
  synth(counting);
  const CompactR1cs shape = std::move(shape_cs).finish();
  const CompactWitness w = std::move(witness_cs).finish();

  REQUIRE(shape.size.num_constraints == p.num_constraints());
  REQUIRE(w.num_aux == p.num_aux());
  CHECK(shape.size.num_inputs == p.num_inputs());
  CHECK(shape.size.num_aux == p.num_aux());
  CHECK(shape.a.nonzeros() == counting.nonzeros_a());
  CHECK(shape.b.nonzeros() == counting.nonzeros_b());
  CHECK(shape.c.nonzeros() == counting.nonzeros_c());
  // SHA-256 packs bits with coefficients ±2^k: far fewer distinct values than terms.
  CHECK(shape.coefficients.size() < 600);

  CHECK(w.expand_aux() == std::vector<Fr>(p.aux().begin(), p.aux().end()));
  CHECK(std::ranges::equal(w.inputs, p.inputs()));
  // Only x and x² are neither 0 nor 1.
  CHECK(w.wide.size() == 2);
  for (std::size_t j = 0; j < w.num_aux; j += 997) CHECK(w.aux(j) == p.aux()[j]);

  CHECK(evaluation_mismatches(shape, w, p) == 0);
  check_densities(shape, p);
}

TEST_CASE(
    "a partition recorded and synthesized challenge by challenge equals one sequential pass") {
  // Three challenges per partition, so blocks start at offsets that are not word-aligned.
  const stacked::CircuitShape kShape{64, 2, 3, {8, 0, 0}};
  const cuzk::test::NativeSector sector(kShape, /*rng_seed=*/5);
  const std::vector<stacked::StackedCircuit> circuits = {sector.circuit(0), sector.circuit(1)};

  const stacked::RecordedPartition recorded = stacked::record_partition(kShape);
  const stacked::PartitionLayout& layout = recorded.layout;
  CHECK(layout.block == stacked::partition_layout(kShape).block);
  CountingCS counting;
  stacked::synthesize(counting, stacked::blank_circuit(kShape));
  CHECK(layout.total() == counting.size());
  CHECK(layout.total_nonzeros() ==
        stacked::Nonzeros{counting.nonzeros_a(), counting.nonzeros_b(), counting.nonzeros_c()});
  CHECK(layout.prefix.num_inputs == 4);
  CHECK(layout.block.num_inputs == 18);

  const CompactR1cs& parallel = recorded.r1cs;
  ShapeCS sequential_cs;
  stacked::synthesize(sequential_cs, stacked::blank_circuit(kShape));
  enforce_input_columns(sequential_cs);
  const CompactR1cs sequential = std::move(sequential_cs).finish();
  REQUIRE(parallel.size == sequential.size);
  check_same_matrix(parallel.a, parallel.coefficients, sequential.a, sequential.coefficients);
  check_same_matrix(parallel.b, parallel.coefficients, sequential.b, sequential.coefficients);
  check_same_matrix(parallel.c, parallel.coefficients, sequential.c, sequential.coefficients);

  const std::vector<CompactWitness> witnesses = stacked::synthesize_witnesses(circuits, layout);
  REQUIRE(witnesses.size() == 2);
  for (std::size_t k = 0; k < circuits.size(); ++k) {
    INFO("partition " << k);
    ProvingCS p;
    stacked::synthesize(p, circuits[k]);
    enforce_input_columns(p);
    const CompactWitness& w = witnesses[k];
    CHECK(std::ranges::equal(w.inputs, p.inputs()));
    CHECK(w.expand_aux() == std::vector<Fr>(p.aux().begin(), p.aux().end()));
    CHECK(std::is_sorted(w.wide.begin(), w.wide.end(), [](const WideValue& a, const WideValue& b) {
      return a.aux_index < b.aux_index;
    }));
    CHECK(evaluation_mismatches(parallel, w, p) == 0);
    check_densities(parallel, p);
  }
}
