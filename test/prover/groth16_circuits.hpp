// Small circuits for the Groth16 tests, written once against the constraint-system concept so the
// test setup (ShapeCS, KeypairAssembly) and the prover (ProvingCS) see the same R1CS.
#pragma once

#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

#include "circuit/constraint_system.hpp"

namespace cuzk::test {

using bls12_381::Fr;
using circuit::LinearCombination;
using circuit::Variable;

// x^3 + x + 5 = y with y public: x*x = x2, x2*x = x3, (x3 + x + 5)*1 = y.
// A non-zero x3_error makes the witness violate the cube constraint (and only it).
struct CubicCircuit {
  Fr x{};
  Fr x3_error{};

  static Fr output(const Fr& x) { return x * x * x + x + Fr::from_u64(5); }

  template <class CS>
  void operator()(CS& cs) const {
    const Fr x3 = x * x * x + x3_error;
    const Variable vx = cs.alloc("x", [&] { return x; });
    const Variable vx2 = cs.alloc("x2", [&] { return x * x; });
    const Variable vx3 = cs.alloc("x3", [&] { return x3; });
    const Variable vy = cs.alloc_input("y", [&] { return x3 + x + Fr::from_u64(5); });
    cs.enforce("square", LinearCombination(vx), LinearCombination(vx), LinearCombination(vx2));
    cs.enforce("cube", LinearCombination(vx2), LinearCombination(vx), LinearCombination(vx3));
    LinearCombination sum(vx3);
    sum.add(vx).add(Variable::one(), Fr::from_u64(5));
    cs.enforce("output", sum, LinearCombination(Variable::one()), LinearCombination(vy));
  }
};

// A random R1CS whose shape depends only on `shape_seed` and whose witness depends on
// `witness_seed`: `inputs` public inputs, then `constraints` aux wires, each the product of two
// random combinations of earlier wires (inputs included, sometimes in B), some of them bits.
struct RandomCircuit {
  std::size_t inputs = 5;
  std::size_t constraints = 300;
  std::uint64_t shape_seed = 1;
  std::uint64_t witness_seed = 2;

  // The public inputs this witness produces (ONE excluded).
  std::vector<Fr> public_inputs() const {
    std::mt19937_64 rng(witness_seed);
    std::vector<Fr> out(inputs);
    for (auto& v : out) v = Fr::random(rng);
    return out;
  }

  template <class CS>
  void operator()(CS& cs) const {
    std::mt19937_64 shape(shape_seed);
    const std::vector<Fr> input_values = public_inputs();
    std::vector<Variable> vars;
    std::vector<Fr> values;  // filled only where the system keeps a witness
    for (std::size_t i = 0; i < inputs; ++i) {
      vars.push_back(cs.alloc_input("input", [&] { return input_values[i]; }));
      values.push_back(input_values[i]);
    }
    auto random_lc = [&](std::size_t terms, Fr& value) {
      LinearCombination lc;
      value = Fr::zero();
      for (std::size_t t = 0; t < terms; ++t) {
        const std::size_t k = shape() % vars.size();
        const Fr coeff = (shape() % 3 == 0) ? Fr::random(shape) : Fr::one();
        lc.add(vars[k], coeff);
        if constexpr (CS::kKeepsWitness) value += coeff * values[k];
      }
      return lc;
    };
    for (std::size_t j = 0; j < constraints; ++j) {
      if (j % 7 == 3) {
        // A bit: b * (1 - b) = 0, with value 0 or 1 from the witness seed.
        const Fr bit = Fr::from_u64((witness_seed + j) & 1);
        const Variable b = cs.alloc("bit", [&] { return bit; });
        LinearCombination one_minus(Variable::one());
        one_minus.sub(b);
        cs.enforce("boolean", LinearCombination(b), one_minus, LinearCombination());
        vars.push_back(b);
        values.push_back(bit);
        continue;
      }
      Fr va, vb;
      const LinearCombination a = random_lc(1 + shape() % 4, va);
      const LinearCombination b = random_lc(1 + shape() % 3, vb);
      const Variable out = cs.alloc("product", [&] { return va * vb; });
      cs.enforce("product", a, b, LinearCombination(out));
      vars.push_back(out);
      values.push_back(va * vb);
    }
  }
};

}  // namespace cuzk::test
