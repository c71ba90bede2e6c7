// The bit decompositions of the EmptySectorUpdate circuit: the partition index and h_select from
// their packed public input (circuit.rs), and each challenge digest's 255 bits (gadgets.rs
// allocated_num_to_allocated_bits). Both enforce (Σ 2^i·bit_i)·1 = num, unlike AllocatedNum::
// to_bits_le's 0·0 = Σ 2^i·bit_i - num: a different row, so a different R1CS.
#pragma once

#include <span>
#include <vector>

#include "circuit/constraint_system.hpp"
#include "circuit/gadgets/boolean.hpp"
#include "circuit/gadgets/num.hpp"
#include "circuit/powers_of_two.hpp"

namespace cuzk::circuit::update {

// (Σ 2^i·bits[i])·1 = num.
template <ConstraintSystem CS>
void enforce_binary_decomposition(CS& cs, Name name, std::span<const AllocatedBit> bits,
                                  const AllocatedNum& num) {
  LinearCombination packed;
  packed.reserve(bits.size());
  for (std::size_t i = 0; i < bits.size(); ++i) packed.add(bits[i].variable(), power_of_two(i));
  cs.enforce(name, std::move(packed), LinearCombination(Variable::one()),
             LinearCombination(num.variable()));
}

// gadgets.rs allocated_num_to_allocated_bits: Fr's 255 bits of num, least significant first
// (scopes "bit i"), then the decomposition ("binary decomp"). 256 constraints.
template <ConstraintSystem CS>
std::vector<AllocatedBit> allocated_num_to_allocated_bits(CS& cs, const AllocatedNum& num) {
  std::vector<AllocatedBit> bits = field_into_allocated_bits_le(cs, num.value());
  enforce_binary_decomposition(cs, "binary decomp", std::span<const AllocatedBit>(bits), num);
  return bits;
}

}  // namespace cuzk::circuit::update
