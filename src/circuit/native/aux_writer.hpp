// The aux values of one stretch of a circuit, as a native witness generator writes them in
// allocation order, kept in the compact layout (compact_witness.hpp): 0 and 1 as bits, every other
// value with its index. Values are classified exactly as WitnessCS classifies them, so the native
// generator and the gadgets produce the same bits and the same wide list.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "bls12_381/fields.hpp"
#include "circuit/bit_vector.hpp"
#include "circuit/compact_witness.hpp"

namespace cuzk::circuit::native {

using bls12_381::Fr;

class AuxWriter {
 public:
  // Values numbered from aux index `start`; room for `expected` of them is reserved.
  explicit AuxWriter(std::size_t start, std::size_t expected = 0) : start_(start) {
    bits_.reserve(expected);
  }

  // `count` (<= 64) allocated bits, the low bits of `bits` least significant first; the bits of
  // `bits` above `count` must be zero.
  void put_bits(std::uint64_t bits, unsigned count) { bits_.append(bits, count); }
  void put_bit(bool bit) { bits_.push_back(bit); }
  // One allocated field element.
  void put(const Fr& v) {
    const bool one = v.is_one();
    if (!one && !v.is_zero()) wide_.push_back(WideValue{start_ + bits_.size(), v});
    bits_.push_back(one);
  }
  // The 255 bits of x's canonical value, least significant first (to_bits_le).
  void put_field_bits(const Fr& x) {
    const auto limbs = x.to_canonical();
    put_bits(limbs[0], 64);
    put_bits(limbs[1], 64);
    put_bits(limbs[2], 64);
    put_bits(limbs[3], Fr::kBits - 192);  // canonical, so bit 255 is zero
  }

  std::size_t start() const { return start_; }
  // Values written so far.
  std::size_t count() const { return bits_.size(); }
  const BitVector& bits() const { return bits_; }
  std::span<const WideValue> wide() const { return wide_; }
  // Moves the wide values out (the writer keeps none).
  std::vector<WideValue> take_wide() { return std::move(wide_); }

 private:
  std::size_t start_;
  BitVector bits_;
  std::vector<WideValue> wide_;
};

}  // namespace cuzk::circuit::native
