// ProvingCS: what bellperson's Groth16 prover keeps of a synthesized circuit (ProvingAssignment
// in src/groth16/prover/mod.rs), and nothing more: the input and aux assignments, the
// evaluations a = <A_i,w>, b = <B_i,w>, c = <C_i,w> of every constraint, and three density
// bitmaps: aux variables with a non-zero merged coefficient in some A row; inputs and aux with a
// non-zero merged coefficient in some B row. (Inputs are dense in A because of the trailing
// `Input(i)·0 = 0` rows: see enforce_input_columns.) No matrix is stored.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "circuit/bit_vector.hpp"
#include "circuit/constraint_system.hpp"
#include "util/huge_page_allocator.hpp"

namespace cuzk::circuit {

class ProvingCS {
 public:
  static constexpr bool kKeepsWitness = true;

  ProvingCS() {
    inputs_.push_back(Fr::one());
    b_input_density_.push_back(false);
  }

  // Optional: capacity for a circuit of known size (avoids regrowth copies of multi-GB vectors).
  void reserve(std::size_t num_inputs, std::size_t num_aux, std::size_t num_constraints) {
    inputs_.reserve(num_inputs);
    b_input_density_.reserve(num_inputs);
    aux_.reserve(num_aux);
    a_aux_density_.reserve(num_aux);
    b_aux_density_.reserve(num_aux);
    a_.reserve(num_constraints);
    b_.reserve(num_constraints);
    c_.reserve(num_constraints);
  }

  template <class ValueFn>
  Variable alloc(Name, ValueFn&& value_fn) {
    aux_.push_back(value_fn());
    a_aux_density_.push_back(false);
    b_aux_density_.push_back(false);
    return Variable::aux(aux_.size() - 1);
  }
  template <class ValueFn>
  Variable alloc_input(Name, ValueFn&& value_fn) {
    inputs_.push_back(value_fn());
    b_input_density_.push_back(false);
    return Variable::input(inputs_.size() - 1);
  }
  void enforce(Name, LinearCombination a, LinearCombination b, LinearCombination c) {
    a_.push_back(evaluate_tracking(a, nullptr, &a_aux_density_));
    b_.push_back(evaluate_tracking(b, &b_input_density_, &b_aux_density_));
    c_.push_back(c.evaluate(inputs_, aux_));
  }
  NoScope scope(Name) { return {}; }
  template <std::integral I>
  NoScope scope(const char*, I) {
    return {};
  }

  std::size_t num_inputs() const { return inputs_.size(); }
  std::size_t num_aux() const { return aux_.size(); }
  std::size_t num_constraints() const { return a_.size(); }

  std::span<const Fr> inputs() const { return inputs_; }
  std::span<const Fr> aux() const { return aux_; }
  std::span<const Fr> a() const { return a_; }
  std::span<const Fr> b() const { return b_; }
  std::span<const Fr> c() const { return c_; }
  const BitVector& a_aux_density() const { return a_aux_density_; }
  const BitVector& b_input_density() const { return b_input_density_; }
  const BitVector& b_aux_density() const { return b_aux_density_; }

 private:
  // <lc, w>, marking in the given bitmaps every variable whose merged coefficient is non-zero.
  Fr evaluate_tracking(LinearCombination& lc, BitVector* input_density, BitVector* aux_density) {
    lc.merge_repeats(merge_scratch_);
    Fr acc;
    for (const Term& t : lc.terms()) {
      if (t.coeff.is_zero()) continue;
      const std::size_t i = t.var.index();
      if (t.var.is_input()) {
        if (input_density) input_density->set(i);
        LinearCombination::accumulate(acc, t.coeff, inputs_[i]);
      } else {
        if (aux_density) aux_density->set(i);
        LinearCombination::accumulate(acc, t.coeff, aux_[i]);
      }
    }
    return acc;
  }

  // Huge pages for the big vectors: a 32 GiB partition's a, b, c and aux are 4 GB each.
  using FrVector = std::vector<Fr, HugePageAllocator<Fr>>;
  FrVector inputs_;
  FrVector aux_;
  FrVector a_, b_, c_;
  BitVector a_aux_density_;
  BitVector b_input_density_;
  BitVector b_aux_density_;
  std::vector<std::uint32_t> merge_scratch_;
};

static_assert(WitnessConstraintSystem<ProvingCS>);

}  // namespace cuzk::circuit
