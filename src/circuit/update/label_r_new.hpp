// gadgets.rs label_r_new: the update's encoding of one node, label_r_new = label_r_old +
// label_d_new·rho. The product (1 constraint, scope "label_d_new * rho"), then the new label and
// (label_r_old + product)·1 = label_r_new (1).
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "circuit/constraint_system.hpp"
#include "circuit/gadgets/num.hpp"
#include "util/error.hpp"

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

// The Rust asserts that the label the circuit computes for challenge `c_index` is the one the
// vanilla proof carries; throws cuzk::Error where both are known and differ.
inline void check_label_r_new(std::size_t c_index, const std::optional<Fr>& computed,
                              const std::optional<Fr>& given) {
  if (computed && given && *computed != *given) {
    throw Error("empty sector update circuit: challenge " + std::to_string(c_index) +
                "'s new label is not leaf_r_old + leaf_d_new * rho");
  }
}

}  // namespace cuzk::circuit::update
