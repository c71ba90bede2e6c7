// storage-proofs-core's field constraints used by the PoRep circuit (gadgets/constraint.rs and
// gadgets/encode.rs): equality, and the encoding of a replica node as label + data.
#pragma once

#include "circuit/constraint_system.hpp"
#include "circuit/gadgets/num.hpp"

namespace cuzk::circuit::stacked {

// a = b as the single constraint a·1 = b (constraint::equal).
template <ConstraintSystem CS>
void enforce_equal(CS& cs, Name name, const AllocatedNum& a, const AllocatedNum& b) {
  cs.enforce(name, LinearCombination(a.variable()), LinearCombination(Variable::one()),
             LinearCombination(b.variable()));
}

// s = a + b: a new aux ("add_num/num") and (a + b)·1 = s ("sum constraint") (constraint::add).
template <ConstraintSystem CS>
AllocatedNum add(CS& cs, const AllocatedNum& a, const AllocatedNum& b) {
  AllocatedNum sum;
  {
    [[maybe_unused]] auto scope = cs.scope("add_num");
    sum = AllocatedNum::alloc(cs,
                              [&] { return require_value(a.value()) + require_value(b.value()); });
  }
  cs.enforce("sum constraint", LinearCombination(a.variable()).add(b.variable()),
             LinearCombination(Variable::one()), LinearCombination(sum.variable()));
  return sum;
}

// The replica node: key (the last layer's label) + value (the data node), in scope "encode_add".
template <ConstraintSystem CS>
AllocatedNum encode(CS& cs, const AllocatedNum& key, const AllocatedNum& value) {
  [[maybe_unused]] auto scope = cs.scope("encode_add");
  return add(cs, key, value);
}

}  // namespace cuzk::circuit::stacked
