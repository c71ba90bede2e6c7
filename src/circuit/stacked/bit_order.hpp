// storage-proofs-core's reverse_bit_numbering (util.rs): pads a bit vector with constant zeros to
// whole bytes and reverses the bits inside each byte. Applied to to_bits_le's 255 bits it turns a
// field element into the SHA-256 message bits of its 32 little-endian bytes (each byte most
// significant bit first, bit 7 of byte 31 the padding constant); applied to a SHA-256 digest it
// turns the digest into a little-endian integer, bit by bit.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "circuit/gadgets/boolean.hpp"

namespace cuzk::circuit::stacked {

inline std::vector<Boolean> reverse_bit_numbering(std::span<const Boolean> bits) {
  const std::size_t bytes = (bits.size() + 7) / 8;
  std::vector<Boolean> out;
  out.reserve(8 * bytes);
  for (std::size_t byte = 0; byte < bytes; ++byte) {
    for (std::size_t k = 8; k-- > 0;) {
      const std::size_t i = 8 * byte + k;
      out.push_back(i < bits.size() ? bits[i] : Boolean::constant(false));
    }
  }
  return out;
}

}  // namespace cuzk::circuit::stacked
