// MultiEq (bellperson 0.27 src/gadgets/multieq.rs): batches many small equalities lhs_k = rhs_k,
// each known to hold over at most num_bits_k bits, into one constraint
// (Σ 2^off_k·lhs_k)·1 = Σ 2^off_k·rhs_k, as long as the offsets stay below Fr's capacity (254
// bits), so no two equalities can interfere. It wraps a constraint system and forwards everything
// else to it unchanged; the pending batch is emitted ("multieq i") when the next equality would not
// fit, and when the MultiEq is destroyed (bellperson's Drop).
#pragma once

#include <cassert>
#include <cstddef>
#include <exception>

#include "circuit/constraint_system.hpp"
#include "circuit/powers_of_two.hpp"

namespace cuzk::circuit {

template <ConstraintSystem CS>
class MultiEq {
 public:
  static constexpr bool kKeepsWitness = CS::kKeepsWitness;
  static constexpr std::size_t kCapacityBits = Fr::kBits - 1;

  explicit MultiEq(CS& cs) : cs_(cs) {}
  MultiEq(const MultiEq&) = delete;
  MultiEq& operator=(const MultiEq&) = delete;
  ~MultiEq() {
    // Emitting can only fail on a gadget bug (a TestCS name clash); never emit while unwinding.
    if (bits_used_ > 0 && std::uncaught_exceptions() == 0) accumulate();
  }

  template <class ValueFn>
  Variable alloc(Name name, ValueFn&& value_fn) {
    return cs_.alloc(name, static_cast<ValueFn&&>(value_fn));
  }
  template <class ValueFn>
  Variable alloc_input(Name name, ValueFn&& value_fn) {
    return cs_.alloc_input(name, static_cast<ValueFn&&>(value_fn));
  }
  void enforce(Name name, LinearCombination a, LinearCombination b, LinearCombination c) {
    cs_.enforce(name, std::move(a), std::move(b), std::move(c));
  }
  auto scope(Name name) { return cs_.scope(name); }
  template <std::integral I>
  auto scope(const char* text, I index) {
    return cs_.scope(Name(text, index));
  }
  std::size_t num_inputs() const { return cs_.num_inputs(); }
  std::size_t num_aux() const { return cs_.num_aux(); }
  std::size_t num_constraints() const { return cs_.num_constraints(); }
  // The wrapped system. Emitting through it directly is the same as through the MultiEq (which
  // forwards at once) and saves moving every combination twice.
  CS& inner() { return cs_; }

  // Where the next equality of num_bits bits will sit in the batch: 0 if it will start a new one.
  std::size_t next_offset(std::size_t num_bits) const {
    return kCapacityBits <= bits_used_ + num_bits ? 0 : bits_used_;
  }

  // enforce_equal for sides already multiplied by 2^next_offset(num_bits) (addmany builds them
  // so from a table of powers of two, which saves a field multiplication per term).
  void enforce_equal_shifted(std::size_t num_bits, LinearCombination&& shifted_lhs,
                             LinearCombination&& shifted_rhs) {
    if (kCapacityBits <= bits_used_ + num_bits) accumulate();
    if (bits_used_ == 0) {
      lhs_ = std::move(shifted_lhs);
      rhs_ = std::move(shifted_rhs);
    } else {
      lhs_.add(shifted_lhs);
      rhs_.add(shifted_rhs);
    }
    bits_used_ += num_bits;
  }

  // Adds lhs = rhs, both sides below 2^num_bits, to the batch.
  void enforce_equal(std::size_t num_bits, const LinearCombination& lhs,
                     const LinearCombination& rhs) {
    if (kCapacityBits <= bits_used_ + num_bits) accumulate();
    assert(bits_used_ + num_bits < kCapacityBits);
    if (bits_used_ == 0) {
      lhs_.add(lhs);
      rhs_.add(rhs);
    } else {
      const Fr& shift = power_of_two(bits_used_);
      lhs_.add_scaled(shift, lhs);
      rhs_.add_scaled(shift, rhs);
    }
    bits_used_ += num_bits;
  }

 private:
  void accumulate() {
    cs_.enforce(Name("multieq", ops_), std::move(lhs_), LinearCombination(Variable::one()),
                std::move(rhs_));
    lhs_ = LinearCombination();
    rhs_ = LinearCombination();
    bits_used_ = 0;
    ++ops_;
  }

  CS& cs_;
  std::size_t ops_ = 0;
  std::size_t bits_used_ = 0;
  LinearCombination lhs_;
  LinearCombination rhs_;
};

}  // namespace cuzk::circuit
