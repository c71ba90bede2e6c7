// SizeCS: the numbers of inputs (ONE included), aux and constraints, and nothing else: the
// cheapest pass over a circuit, which announces its size to FingerprintCS. (CountingCS also
// counts non-zeros, which costs it a sort of every combination.)
#pragma once

#include <cstddef>

#include "circuit/constraint_system.hpp"
#include "circuit/fingerprint_hasher.hpp"

namespace cuzk::circuit {

class SizeCS {
 public:
  static constexpr bool kKeepsWitness = false;

  template <class ValueFn>
  Variable alloc(Name, ValueFn&&) {
    return Variable::aux(size_.num_aux++);
  }
  template <class ValueFn>
  Variable alloc_input(Name, ValueFn&&) {
    return Variable::input(size_.num_inputs++);
  }
  void enforce(Name, const LinearCombination&, const LinearCombination&, const LinearCombination&) {
    ++size_.num_constraints;
  }
  NoScope scope(Name) { return {}; }
  template <std::integral I>
  NoScope scope(const char*, I) {
    return {};
  }

  std::size_t num_inputs() const { return size_.num_inputs; }
  std::size_t num_aux() const { return size_.num_aux; }
  std::size_t num_constraints() const { return size_.num_constraints; }
  CircuitSize size() const { return size_; }

 private:
  CircuitSize size_{1, 0, 0};  // ONE
};

static_assert(ConstraintSystem<SizeCS>);

}  // namespace cuzk::circuit
