// DensityCS: the counting pass that predicts the Groth16 parameter vector lengths. Besides the
// numbers of inputs, aux and constraints it keeps the prover's three density bitmaps (ProvingCS's:
// aux variables with a non-zero merged coefficient in some A row, inputs and aux with one in some B
// row), one bit per variable and no values: a 32 GiB partition's 130M aux cost 2 x 16 MiB.
#pragma once

#include <cstddef>

#include "circuit/bit_vector.hpp"
#include "circuit/constraint_system.hpp"
#include "circuit/fingerprint_hasher.hpp"

namespace cuzk::circuit::stacked {

class DensityCS {
 public:
  static constexpr bool kKeepsWitness = false;

  DensityCS() { b_input_density_.push_back(false); }  // ONE

  // Optional capacity for a circuit of known size.
  void reserve(std::size_t num_inputs, std::size_t num_aux) {
    b_input_density_.reserve(num_inputs);
    a_aux_density_.reserve(num_aux);
    b_aux_density_.reserve(num_aux);
  }

  template <class ValueFn>
  Variable alloc(Name, ValueFn&&) {
    a_aux_density_.push_back(false);
    b_aux_density_.push_back(false);
    return Variable::aux(num_aux_++);
  }
  template <class ValueFn>
  Variable alloc_input(Name, ValueFn&&) {
    b_input_density_.push_back(false);
    return Variable::input(num_inputs_++);
  }
  void enforce(Name, LinearCombination a, LinearCombination b, LinearCombination) {
    mark(a, nullptr, a_aux_density_);
    mark(b, &b_input_density_, b_aux_density_);
    ++num_constraints_;
  }
  NoScope scope(Name) { return {}; }
  template <std::integral I>
  NoScope scope(const char*, I) {
    return {};
  }

  std::size_t num_inputs() const { return num_inputs_; }
  std::size_t num_aux() const { return num_aux_; }
  std::size_t num_constraints() const { return num_constraints_; }
  CircuitSize size() const { return {num_inputs_, num_aux_, num_constraints_}; }

  const BitVector& a_aux_density() const { return a_aux_density_; }
  const BitVector& b_input_density() const { return b_input_density_; }
  const BitVector& b_aux_density() const { return b_aux_density_; }

 private:
  // Sets the bit of every variable whose merged coefficient is non-zero; inputs are ignored when
  // input_density is null (A: the trailing input rows make every input dense there).
  static void mark(LinearCombination& lc, BitVector* input_density, BitVector& aux_density) {
    lc.normalize();
    for (const Term& t : lc.terms()) {
      if (t.coeff.is_zero()) continue;
      if (t.var.is_aux()) {
        aux_density.set(t.var.index());
      } else if (input_density) {
        input_density->set(t.var.index());
      }
    }
  }

  std::size_t num_inputs_ = 1;  // ONE
  std::size_t num_aux_ = 0;
  std::size_t num_constraints_ = 0;
  BitVector a_aux_density_;
  BitVector b_input_density_;
  BitVector b_aux_density_;
};

static_assert(ConstraintSystem<DensityCS>);

}  // namespace cuzk::circuit::stacked
