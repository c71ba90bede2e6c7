// The split the GPU path will use: matrices recorded once (ShapeCS) times a compact witness
// (WitnessCS) must give exactly what ProvingCS computes while synthesizing.
#include <doctest/doctest.h>

#include <random>
#include <vector>

#include "circuit/counting_cs.hpp"
#include "circuit/gadgets/num.hpp"
#include "circuit/gadgets/sha256.hpp"
#include "circuit/proving_cs.hpp"
#include "circuit/shape_cs.hpp"
#include "circuit/witness_cs.hpp"

using namespace cuzk::circuit;

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
  };

  ProvingCS p;
  synth(p);
  ShapeCS shape;
  synth(shape);
  WitnessCS w;
  synth(w);
  CountingCS counting;
  synth(counting);

  REQUIRE(shape.num_constraints() == p.num_constraints());
  REQUIRE(w.num_aux() == p.num_aux());
  CHECK(shape.num_inputs() == p.num_inputs());
  CHECK(shape.a().nonzeros() == counting.nonzeros_a());
  CHECK(shape.b().nonzeros() == counting.nonzeros_b());
  CHECK(shape.c().nonzeros() == counting.nonzeros_c());

  const std::vector<Fr> aux = w.expand_aux();
  CHECK(aux == std::vector<Fr>(p.aux().begin(), p.aux().end()));
  CHECK(std::vector<Fr>(w.inputs().begin(), w.inputs().end()) ==
        std::vector<Fr>(p.inputs().begin(), p.inputs().end()));
  // Only x and x² are neither 0 nor 1.
  CHECK(w.wide().size() <= 2);

  std::size_t mismatches = 0;
  for (std::size_t i = 0; i < shape.num_constraints(); ++i) {
    mismatches += shape.a().row_dot(i, w.inputs(), aux) != p.a()[i];
    mismatches += shape.b().row_dot(i, w.inputs(), aux) != p.b()[i];
    mismatches += shape.c().row_dot(i, w.inputs(), aux) != p.c()[i];
  }
  CHECK(mismatches == 0);

  // The densities are the column supports of A (aux) and B.
  BitVector a_aux, b_in, b_aux;
  for (std::size_t i = 0; i < p.num_inputs(); ++i) b_in.push_back(false);
  for (std::size_t j = 0; j < p.num_aux(); ++j) {
    a_aux.push_back(false);
    b_aux.push_back(false);
  }
  for (std::uint64_t code : shape.a().column) {
    const Variable v = Variable::from_code(code);
    if (v.is_aux()) a_aux.set(v.index());
  }
  for (std::uint64_t code : shape.b().column) {
    const Variable v = Variable::from_code(code);
    (v.is_input() ? b_in : b_aux).set(v.index());
  }
  CHECK(a_aux == p.a_aux_density());
  CHECK(b_in == p.b_input_density());
  CHECK(b_aux == p.b_aux_density());
}
