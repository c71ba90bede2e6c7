// 32-bit words in the circuit (bellperson 0.27 src/gadgets/uint32.rs): 32 Booleans, least
// significant first, plus the value when known. Rotations and shifts only rearrange bits; xor,
// ch and maj work bit by bit through Boolean (with its constant folding); addmany adds 2 to 10
// words modulo 2^32 through a MultiEq.
#pragma once

#include <array>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

#include "circuit/constraint_system.hpp"
#include "circuit/gadgets/boolean.hpp"
#include "circuit/gadgets/multieq.hpp"
#include "circuit/powers_of_two.hpp"

namespace cuzk::circuit {

class UInt32 {
 public:
  using Bits = std::array<Boolean, 32>;

  UInt32() = default;

  static UInt32 constant(std::uint32_t v) {
    UInt32 r;
    for (unsigned i = 0; i < 32; ++i) r.bits_[i] = Boolean::constant(((v >> i) & 1) != 0);
    r.value_ = v;
    return r;
  }

  // 32 new bits, least significant first, each in scope "allocated bit i".
  template <ConstraintSystem CS>
  static UInt32 alloc(CS& cs, std::optional<std::uint32_t> value) {
    UInt32 r;
    for (unsigned i = 0; i < 32; ++i) {
      auto scope = cs.scope("allocated bit", i);
      std::optional<bool> b;
      if (value) b = ((*value >> i) & 1) != 0;
      r.bits_[i] = AllocatedBit::alloc(cs, b);
    }
    r.value_ = value;
    return r;
  }

  // bits[0] is the most significant bit.
  static UInt32 from_bits_be(std::span<const Boolean, 32> bits) {
    UInt32 r;
    for (unsigned i = 0; i < 32; ++i) r.bits_[i] = bits[31 - i];
    r.value_ = value_of(r.bits_);
    return r;
  }
  // bits[0] is the least significant bit.
  static UInt32 from_bits(std::span<const Boolean, 32> bits) {
    UInt32 r;
    for (unsigned i = 0; i < 32; ++i) r.bits_[i] = bits[i];
    r.value_ = value_of(r.bits_);
    return r;
  }

  const Bits& bits() const { return bits_; }  // least significant first
  Bits into_bits_be() const {
    Bits out;
    for (unsigned i = 0; i < 32; ++i) out[i] = bits_[31 - i];
    return out;
  }
  std::optional<std::uint32_t> value() const { return value_; }

  UInt32 rotr(unsigned by) const {
    by %= 32;
    UInt32 r;
    for (unsigned i = 0; i < 32; ++i) r.bits_[i] = bits_[(i + by) % 32];
    if (value_) r.value_ = std::rotr(*value_, static_cast<int>(by));
    return r;
  }

  UInt32 shr(unsigned by) const {
    by %= 32;
    UInt32 r;  // bits default to Constant(false)
    for (unsigned i = 0; i + by < 32; ++i) r.bits_[i] = bits_[i + by];
    if (value_) r.value_ = *value_ >> by;
    return r;
  }

  // Bitwise xor with this word as the first operand of every Boolean xor ("xor of bit i").
  template <ConstraintSystem CS>
  UInt32 xor_with(CS& cs, const UInt32& other) const {
    UInt32 r;
    for (unsigned i = 0; i < 32; ++i) {
      auto scope = cs.scope("xor of bit", i);
      r.bits_[i] = Boolean::xor_of(cs, bits_[i], other.bits_[i]);
    }
    if (value_ && other.value_) r.value_ = *value_ ^ *other.value_;
    return r;
  }

  template <ConstraintSystem CS>
  static UInt32 sha256_ch(CS& cs, const UInt32& a, const UInt32& b, const UInt32& c) {
    UInt32 r;
    for (unsigned i = 0; i < 32; ++i) {
      auto scope = cs.scope("ch", i);
      r.bits_[i] = Boolean::sha256_ch(cs, a.bits_[i], b.bits_[i], c.bits_[i]);
    }
    if (a.value_ && b.value_ && c.value_)
      r.value_ = (*a.value_ & *b.value_) ^ (~*a.value_ & *c.value_);
    return r;
  }

  template <ConstraintSystem CS>
  static UInt32 sha256_maj(CS& cs, const UInt32& a, const UInt32& b, const UInt32& c) {
    UInt32 r;
    for (unsigned i = 0; i < 32; ++i) {
      auto scope = cs.scope("maj", i);
      r.bits_[i] = Boolean::sha256_maj(cs, a.bits_[i], b.bits_[i], c.bits_[i]);
    }
    if (a.value_ && b.value_ && c.value_) {
      r.value_ = (*a.value_ & *b.value_) ^ (*a.value_ & *c.value_) ^ (*b.value_ & *c.value_);
    }
    return r;
  }

  // The sum of 2 to 10 words modulo 2^32. lhs = Σ_ops Σ_i 2^i·bit_i; if every bit of every
  // operand is a constant, the constant sum, free. Otherwise k = bit length of n·(2^32 - 1)
  // new bits ("result bit i") hold the full sum, and MultiEq gets lhs = Σ 2^i·r_i over k bits;
  // the low 32 are the result, the carries stay allocated and unused.
  template <ConstraintSystem CS>
  static UInt32 addmany(MultiEq<CS>& cs, std::span<const UInt32> operands) {
    assert(operands.size() >= 2 && operands.size() <= 10);
    const std::uint64_t max_value = operands.size() * std::uint64_t{0xffffffff};
    const unsigned k = static_cast<unsigned>(std::bit_width(max_value));
    // Both sides are built already shifted to their place in the MultiEq batch.
    const std::size_t offset = cs.next_offset(k);
    // The sum is known only when every operand's value is (kept as a flag and a plain integer:
    // GCC 12 misreads a std::optional accumulator as maybe-uninitialized).
    bool has_sum = true;
    std::uint64_t sum_value = 0;
    bool all_constants = true;
    LinearCombination lhs;
    lhs.reserve(32 * operands.size());
    for (const UInt32& op : operands) {
      has_sum = has_sum && op.value_.has_value();
      sum_value += op.value_.value_or(0);
      for (unsigned i = 0; i < 32; ++i) {
        op.bits_[i].add_to(lhs, power_of_two(offset + i));
        all_constants = all_constants && op.bits_[i].is_constant();
      }
    }
    if (all_constants) {
      // Folding is structural: the constant sum comes from the bits themselves, known in every
      // mode (bellperson also asks for a known value, which constant bits always give).
      std::uint64_t total = 0;
      for (const UInt32& op : operands) total += *value_of(op.bits_);
      return constant(static_cast<std::uint32_t>(total));
    }

    UInt32 r;
    LinearCombination rhs;
    rhs.reserve(k);
    CS& inner = cs.inner();
    for (unsigned i = 0; i < k; ++i) {
      auto scope = inner.scope("result bit", i);
      std::optional<bool> b;
      if (has_sum) b = ((sum_value >> i) & 1) != 0;
      const AllocatedBit bit = AllocatedBit::alloc(inner, b);
      rhs.add(bit.variable(), power_of_two(offset + i));
      if (i < 32) r.bits_[i] = bit;
    }
    cs.enforce_equal_shifted(k, std::move(lhs), std::move(rhs));
    if (has_sum) r.value_ = static_cast<std::uint32_t>(sum_value);
    return r;
  }

 private:
  static std::optional<std::uint32_t> value_of(const Bits& bits) {
    std::uint32_t v = 0;
    for (unsigned i = 0; i < 32; ++i) {
      const auto b = bits[i].value();
      if (!b) return std::nullopt;
      if (*b) v |= std::uint32_t{1} << i;
    }
    return v;
  }

  Bits bits_{};
  std::optional<std::uint32_t> value_;
};

}  // namespace cuzk::circuit
