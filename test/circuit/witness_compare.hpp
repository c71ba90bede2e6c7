// Bit-for-bit comparison of compact witnesses (compact_witness.hpp): a whole one against another,
// or one challenge's range of a whole one against a WitnessCS that synthesized that challenge
// alone. Each returns a description of the first difference, or an empty string.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>

#include "circuit/compact_witness.hpp"
#include "circuit/witness_cs.hpp"

namespace cuzk::test {

using circuit::CompactWitness;
using circuit::WideValue;

inline std::string wide_difference(std::span<const WideValue> a, std::span<const WideValue> b) {
  if (a.size() != b.size()) {
    return std::to_string(a.size()) + " wide values against " + std::to_string(b.size());
  }
  for (std::size_t k = 0; k < a.size(); ++k) {
    if (a[k].aux_index != b[k].aux_index || a[k].value != b[k].value) {
      return "wide value " + std::to_string(k) + " (aux " + std::to_string(a[k].aux_index) + ")";
    }
  }
  return {};
}

inline std::string witness_difference(const CompactWitness& a, const CompactWitness& b) {
  if (a.inputs != b.inputs) return "the inputs";
  if (a.num_aux != b.num_aux) return "the aux counts";
  if (!(a.bits == b.bits)) {
    for (std::size_t j = 0; j < a.num_aux; ++j) {
      if (a.bits.test(j) != b.bits.test(j)) return "bit of aux " + std::to_string(j);
    }
  }
  return wide_difference(a.wide, b.wide);
}

// `block` synthesized one range of the circuit (it started at `start`); `whole` holds the circuit.
inline std::string block_difference(const CompactWitness& whole, const circuit::WitnessCS& block,
                                    const circuit::CircuitSize& start) {
  for (std::size_t i = 0; i < block.inputs().size(); ++i) {
    if (whole.inputs[start.num_inputs + i] != block.inputs()[i]) {
      return "input " + std::to_string(start.num_inputs + i);
    }
  }
  for (std::size_t j = 0; j < block.bits().size(); ++j) {
    if (whole.bits.test(start.num_aux + j) != block.bits().test(j)) {
      return "bit of aux " + std::to_string(start.num_aux + j);
    }
  }
  const auto by_index = [](const WideValue& w, std::size_t i) { return w.aux_index < i; };
  const auto first =
      std::lower_bound(whole.wide.begin(), whole.wide.end(), start.num_aux, by_index);
  const auto last =
      std::lower_bound(first, whole.wide.end(), start.num_aux + block.bits().size(), by_index);
  return wide_difference(std::span<const WideValue>(first, last), block.wide());
}

}  // namespace cuzk::test
