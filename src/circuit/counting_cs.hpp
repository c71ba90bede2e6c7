// CountingCS: counts inputs (ONE included), aux, constraints and the non-zero entries of each
// matrix (merged coefficients, as the fingerprint and the densities count them). It stores
// nothing per variable and never calls a value function.
#pragma once

#include <array>
#include <cstddef>

#include "circuit/constraint_system.hpp"
#include "circuit/fingerprint_hasher.hpp"

namespace cuzk::circuit {

class CountingCS {
 public:
  static constexpr bool kKeepsWitness = false;

  template <class ValueFn>
  Variable alloc(Name, ValueFn&&) {
    return Variable::aux(num_aux_++);
  }
  template <class ValueFn>
  Variable alloc_input(Name, ValueFn&&) {
    return Variable::input(num_inputs_++);
  }
  void enforce(Name, LinearCombination a, LinearCombination b, LinearCombination c) {
    nonzeros_[0] += count_nonzero(a);
    nonzeros_[1] += count_nonzero(b);
    nonzeros_[2] += count_nonzero(c);
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
  // Non-zero entries of A, B and C.
  std::size_t nonzeros_a() const { return nonzeros_[0]; }
  std::size_t nonzeros_b() const { return nonzeros_[1]; }
  std::size_t nonzeros_c() const { return nonzeros_[2]; }

 private:
  static std::size_t count_nonzero(LinearCombination& lc) {
    lc.normalize();
    std::size_t n = 0;
    for (const Term& t : lc.terms()) n += t.coeff.is_zero() ? 0 : 1;
    return n;
  }

  std::size_t num_inputs_ = 1;  // ONE
  std::size_t num_aux_ = 0;
  std::size_t num_constraints_ = 0;
  std::array<std::size_t, 3> nonzeros_{};
};

static_assert(ConstraintSystem<CountingCS>);

}  // namespace cuzk::circuit
