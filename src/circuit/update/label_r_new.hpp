// gadgets.rs label_r_new: the update's encoding of one node, label_r_new = label_r_old +
// label_d_new·rho. The product (1 constraint, scope "label_d_new * rho"), then the new label and
// (label_r_old + product)·1 = label_r_new (1).
#pragma once

#include "circuit/constraint_system.hpp"
#include "circuit/gadgets/num.hpp"

namespace cuzk::circuit::update {

template <ConstraintSystem CS>
AllocatedNum label_r_new(CS& cs, const AllocatedNum& label_r_old, const AllocatedNum& label_d_new,
                         const AllocatedNum& rho) {
  AllocatedNum d_rho;
  {
    auto scope = cs.scope("label_d_new * rho");
    d_rho = label_d_new.mul(cs, rho);
  }
  AllocatedNum label;
  {
    auto scope = cs.scope("label_r_new");
    label = AllocatedNum::alloc(
        cs, [&] { return require_value(label_r_old.value()) + require_value(d_rho.value()); });
  }
  cs.enforce("label_r_new == label_r_old + label_d_new * rho",
             LinearCombination(label_r_old.variable()).add(d_rho.variable()),
             LinearCombination(Variable::one()), LinearCombination(label.variable()));
  return label;
}

}  // namespace cuzk::circuit::update
