// KeypairAssembly: bellperson's generator.rs KeypairAssembly, the system its keygen synthesizes a
// circuit into. It keeps the R1CS column by column: for every variable, the (constraint,
// coefficient) pairs where it occurs in A, B and C, each term as it was enforced. No witness
// values are computed. Input(0) = ONE exists from the start, as in every system. The setup itself
// records circuits compactly (circuit::ShapeCS); these columns are the straightforward reference
// its QAP evaluation (prover/setup/qap_evaluation.hpp) is checked against.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "circuit/constraint_system.hpp"

namespace cuzk::prover {

using bls12_381::Fr;

class KeypairAssembly {
 public:
  static constexpr bool kKeepsWitness = false;

  struct Entry {
    Fr coeff;
    std::size_t constraint;
  };
  using Column = std::vector<Entry>;
  // One column per variable of one kind (inputs or aux), for each of A, B, C.
  struct Columns {
    std::vector<Column> a, b, c;
    void add_variable() {
      a.emplace_back();
      b.emplace_back();
      c.emplace_back();
    }
  };

  KeypairAssembly() { inputs_.add_variable(); }

  template <class ValueFn>
  circuit::Variable alloc(circuit::Name, ValueFn&&) {
    aux_.add_variable();
    return circuit::Variable::aux(aux_.a.size() - 1);
  }
  template <class ValueFn>
  circuit::Variable alloc_input(circuit::Name, ValueFn&&) {
    inputs_.add_variable();
    return circuit::Variable::input(inputs_.a.size() - 1);
  }
  void enforce(circuit::Name, const circuit::LinearCombination& a,
               const circuit::LinearCombination& b, const circuit::LinearCombination& c) {
    record(a, &Columns::a);
    record(b, &Columns::b);
    record(c, &Columns::c);
    ++num_constraints_;
  }
  // Names are ignored. The guard has a user-provided destructor only so that gadgets' unused
  // `auto scope = cs.scope(...)` guards do not warn.
  struct Scope {
    ~Scope() {}  // NOLINT(modernize-use-equals-default): see above
  };
  Scope scope(circuit::Name) { return {}; }
  template <std::integral I>
  Scope scope(const char*, I) {
    return {};
  }

  std::size_t num_inputs() const { return inputs_.a.size(); }
  std::size_t num_aux() const { return aux_.a.size(); }
  std::size_t num_constraints() const { return num_constraints_; }
  const Columns& inputs() const { return inputs_; }
  const Columns& aux() const { return aux_; }

 private:
  // Repeated variables in one combination simply add up when evaluated; zero terms add nothing.
  void record(const circuit::LinearCombination& lc, std::vector<Column> Columns::*slot) {
    for (const circuit::Term& t : lc.terms()) {
      if (t.coeff.is_zero()) continue;
      Columns& kind = t.var.is_input() ? inputs_ : aux_;
      (kind.*slot)[t.var.index()].push_back({t.coeff, num_constraints_});
    }
  }

  Columns inputs_;
  Columns aux_;
  std::size_t num_constraints_ = 0;
};

static_assert(circuit::ConstraintSystem<KeypairAssembly>);

}  // namespace cuzk::prover
