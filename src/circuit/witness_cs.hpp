// WitnessCS: the witness alone, stored compactly, for a prover that evaluates a = A·w, b = B·w,
// c = C·w itself (on the GPU, from matrices recorded once per circuit shape by ShapeCS). It
// evaluates no linear combination. Most aux values of the PoRep circuit are bits (SHA-256), so a
// value 0 or 1 costs two bits (is_wide = 0, bit = value) and any other value is kept as
// (index, Fr) in `wide`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "circuit/bit_vector.hpp"
#include "circuit/constraint_system.hpp"

namespace cuzk::circuit {

class WitnessCS {
 public:
  static constexpr bool kKeepsWitness = true;

  struct WideValue {
    std::uint64_t aux_index;
    Fr value;
  };

  WitnessCS() { inputs_.push_back(Fr::one()); }

  template <class ValueFn>
  Variable alloc(Name, ValueFn&& value_fn) {
    const Fr v = value_fn();
    const std::size_t index = num_aux_++;
    const bool bit = v.is_zero() || v.is_one();
    is_wide_.push_back(!bit);
    bits_.push_back(bit && v.is_one());
    if (!bit) wide_.push_back(WideValue{index, v});
    return Variable::aux(index);
  }
  template <class ValueFn>
  Variable alloc_input(Name, ValueFn&& value_fn) {
    inputs_.push_back(value_fn());
    return Variable::input(inputs_.size() - 1);
  }
  void enforce(Name, LinearCombination, LinearCombination, LinearCombination) {
    ++num_constraints_;
  }
  NoScope scope(Name) { return {}; }
  template <std::integral I>
  NoScope scope(const char*, I) {
    return {};
  }

  std::size_t num_inputs() const { return inputs_.size(); }
  std::size_t num_aux() const { return num_aux_; }
  std::size_t num_constraints() const { return num_constraints_; }

  std::span<const Fr> inputs() const { return inputs_; }
  // Bit j: 1 if aux j is neither 0 nor 1 (its value is then in wide()).
  const BitVector& is_wide() const { return is_wide_; }
  // Bit j: the value of aux j when it is 0 or 1 (0 for wide values).
  const BitVector& bits() const { return bits_; }
  // The other values, by increasing aux index.
  std::span<const WideValue> wide() const { return wide_; }

  // The aux assignment as field elements (for checks and for CPU consumers).
  std::vector<Fr> expand_aux() const {
    std::vector<Fr> out(num_aux_);
    for (std::size_t j = 0; j < num_aux_; ++j) {
      if (bits_.test(j)) out[j] = Fr::one();
    }
    for (const WideValue& w : wide_) out[w.aux_index] = w.value;
    return out;
  }

 private:
  std::vector<Fr> inputs_;
  std::size_t num_aux_ = 0;
  std::size_t num_constraints_ = 0;
  BitVector is_wide_;
  BitVector bits_;
  std::vector<WideValue> wide_;
};

static_assert(WitnessConstraintSystem<WitnessCS>);

}  // namespace cuzk::circuit
