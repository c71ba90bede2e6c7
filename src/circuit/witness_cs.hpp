// WitnessCS: the witness alone, compact (compact_witness.hpp), for a prover that evaluates
// a = A·w, b = B·w, c = C·w itself (on the GPU, from matrices recorded once per circuit shape by
// ShapeCS). It evaluates no linear combination.
//
// Like ShapeCS it records either a whole circuit or one block of it, numbered from where the
// block starts; finish() gives a whole circuit's witness, place_into() copies a block into a
// witness being assembled from several blocks (stacked/synthesize_witness.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "circuit/compact_witness.hpp"
#include "circuit/constraint_system.hpp"
#include "circuit/fingerprint_hasher.hpp"

namespace cuzk::circuit {

class WitnessCS {
 public:
  static constexpr bool kKeepsWitness = true;

  WitnessCS() { inputs_.push_back(Fr::one()); }
  explicit WitnessCS(const CircuitSize& start) : start_(start) {}

  template <class ValueFn>
  Variable alloc(Name, ValueFn&& value_fn) {
    const Fr v = value_fn();
    const std::size_t index = start_.num_aux + bits_.size();
    const bool bit = v.is_zero() || v.is_one();
    bits_.push_back(bit && v.is_one());
    if (!bit) wide_.push_back(WideValue{index, v});
    return Variable::aux(index);
  }
  template <class ValueFn>
  Variable alloc_input(Name, ValueFn&& value_fn) {
    inputs_.push_back(value_fn());
    return Variable::input(start_.num_inputs + inputs_.size() - 1);
  }
  void enforce(Name, LinearCombination, LinearCombination, LinearCombination) {
    ++num_constraints_;
  }
  NoScope scope(Name) { return {}; }
  template <std::integral I>
  NoScope scope(const char*, I) {
    return {};
  }

  // Counts of the whole circuit so far (the block's start included).
  std::size_t num_inputs() const { return start_.num_inputs + inputs_.size(); }
  std::size_t num_aux() const { return start_.num_aux + bits_.size(); }
  std::size_t num_constraints() const { return start_.num_constraints + num_constraints_; }
  CircuitSize size() const { return {num_inputs(), num_aux(), num_constraints()}; }

  // This system's own values: the inputs it allocated, the bits of its aux values (bit 0 is aux
  // start.num_aux) and its wide values (with their circuit-wide indices).
  std::span<const Fr> inputs() const { return inputs_; }
  const BitVector& bits() const { return bits_; }
  std::span<const WideValue> wide() const { return wide_; }

  // A whole circuit's witness. Only for a system made by the default constructor.
  CompactWitness finish() && {
    CompactWitness w;
    w.num_aux = bits_.size();
    w.inputs = std::move(inputs_);  // the default resource on both sides: the storage moves
    w.bits = std::move(bits_);
    w.wide = std::move(wide_);
    return w;
  }

  // Copies this block's inputs and bits into `whole` (sized for the whole circuit, bits zero);
  // wide values are left to the caller, who appends the blocks' in order. Blocks may be placed
  // from different threads.
  void place_into(CompactWitness& whole) const {
    std::copy(inputs_.begin(), inputs_.end(),
              whole.inputs.begin() + static_cast<std::ptrdiff_t>(start_.num_inputs));
    place_bits(whole.bits.mutable_words(), start_.num_aux, bits_);
  }

 private:
  CircuitSize start_{0, 0, 0};  // the default constructor pushes ONE itself
  std::size_t num_constraints_ = 0;
  std::pmr::vector<Fr> inputs_;
  BitVector bits_;
  std::pmr::vector<WideValue> wide_;
};

static_assert(WitnessConstraintSystem<WitnessCS>);

}  // namespace cuzk::circuit
