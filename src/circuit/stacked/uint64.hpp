// storage-proofs-core's UInt64 (gadgets/uint64.rs): 64 Booleans, least significant first. The
// PoRep circuit allocates the challenge with it, exposes it as one public input and feeds its
// big-endian bits to every create_label of the challenge.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>

#include "circuit/constraint_system.hpp"
#include "circuit/gadgets/boolean.hpp"
#include "circuit/gadgets/multipack.hpp"

namespace cuzk::circuit::stacked {

class UInt64 {
 public:
  using Bits = std::array<Boolean, 64>;

  UInt64() = default;

  static UInt64 constant(std::uint64_t v) {
    UInt64 r;
    for (unsigned i = 0; i < 64; ++i) r.bits_[i] = Boolean::constant(((v >> i) & 1) != 0);
    r.value_ = v;
    return r;
  }

  // 64 new bits, least significant first, bit i in scope "allocated bit i" (64 aux, 64
  // booleanity constraints).
  template <ConstraintSystem CS>
  static UInt64 alloc(CS& cs, std::optional<std::uint64_t> value) {
    UInt64 r;
    for (unsigned i = 0; i < 64; ++i) {
      [[maybe_unused]] auto scope = cs.scope("allocated bit", i);
      std::optional<bool> b;
      if (value) b = ((*value >> i) & 1) != 0;
      r.bits_[i] = AllocatedBit::alloc(cs, b);
    }
    r.value_ = value;
    return r;
  }

  // One public input holding the value (64 bits fit one 254-bit chunk) and its packing
  // constraint.
  template <ConstraintSystem CS>
  void pack_into_input(CS& cs) const {
    pack_into_inputs(cs, std::span<const Boolean>(bits_));
  }

  const Bits& bits_le() const { return bits_; }
  Bits to_bits_be() const {
    Bits out;
    for (unsigned i = 0; i < 64; ++i) out[i] = bits_[63 - i];
    return out;
  }
  std::optional<std::uint64_t> value() const { return value_; }

 private:
  Bits bits_{};
  std::optional<std::uint64_t> value_;
};

}  // namespace cuzk::circuit::stacked
