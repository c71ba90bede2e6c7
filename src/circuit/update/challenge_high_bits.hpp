// gadgets.rs get_challenge_high_bits: the h high bits of a challenge as a number, h = hs[i] chosen
// by the one set bit i of h_select. Per allowed h: the packed high bits (1 constraint) and their
// product with h_select's bit (1); then the sum of the products (1). 13 constraints for six hs.
#pragma once

#include <span>
#include <vector>

#include "circuit/constraint_system.hpp"
#include "circuit/gadgets/boolean.hpp"
#include "circuit/gadgets/multipack.hpp"
#include "circuit/gadgets/num.hpp"
#include "util/error.hpp"

namespace cuzk::circuit::update {

// c_bits least significant first; h_select_bits[i] selects hs[i].
template <ConstraintSystem CS>
AllocatedNum get_challenge_high_bits(CS& cs, std::span<const AllocatedBit> c_bits,
                                     std::span<const AllocatedBit> h_select_bits,
                                     std::span<const std::size_t> hs) {
  if (h_select_bits.size() != hs.size()) {
    throw Error("get_challenge_high_bits: one h_select bit per allowed h");
  }
  const std::vector<Boolean> bits(c_bits.begin(), c_bits.end());
  std::vector<AllocatedNum> high_or_zero;
  high_or_zero.reserve(hs.size());
  for (std::size_t k = 0; k < hs.size(); ++k) {
    if (hs[k] > bits.size()) throw Error("get_challenge_high_bits: h exceeds the challenge's bits");
    AllocatedNum high;
    {
      auto scope = cs.scope("c_high", k);
      high = pack_bits(cs, std::span<const Boolean>(bits).last(hs[k]));
    }
    const AllocatedBit& select = h_select_bits[k];
    AllocatedNum product;
    {
      auto scope = cs.scope("c_high_or_zero", k);
      product = AllocatedNum::alloc(cs, [&] {
        return require_value(select.value()) ? require_value(high.value()) : Fr::zero();
      });
    }
    cs.enforce(Name("c_high_or_zero == c_high * h_select_bit", k),
               LinearCombination(high.variable()), LinearCombination(select.variable()),
               LinearCombination(product.variable()));
    high_or_zero.push_back(product);
  }

  AllocatedNum selected;
  {
    auto scope = cs.scope("c_high_selected");
    selected = AllocatedNum::alloc(cs, [&] {
      Fr sum = Fr::zero();
      for (const AllocatedNum& x : high_or_zero) sum += require_value(x.value());
      return sum;
    });
  }
  LinearCombination sum;
  sum.reserve(high_or_zero.size());
  for (const AllocatedNum& x : high_or_zero) sum.add(x.variable());
  cs.enforce("c_high_selected == dot(c_highs, h_select_bits)", std::move(sum),
             LinearCombination(Variable::one()), LinearCombination(selected.variable()));
  return selected;
}

}  // namespace cuzk::circuit::update
