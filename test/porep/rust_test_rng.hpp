// The random values rust-fil-proofs' tests draw: rand_xorshift's XorShiftRng seeded with
// storage_proofs_core::TEST_SEED, and blstrs' Scalar::random on it. Tests that restate a Rust
// test's hard-coded outputs need the same inputs, and those come from this generator.
#pragma once

#include <array>
#include <cstdint>

#include "bls12_381/fields.hpp"

namespace cuzk::test {

// storage-proofs-core/src/lib.rs TEST_SEED.
inline constexpr std::array<std::uint8_t, 16> kRustTestSeed = {
    0x59, 0x62, 0xbe, 0x5d, 0x76, 0x3d, 0x31, 0x8d, 0x17, 0xdb, 0x37, 0x32, 0x54, 0x06, 0xbc, 0xe5};

// Marsaglia's xorshift128 as rand_xorshift 0.3 implements it (state from the seed's four
// little-endian u32 words; next_u64 is the low then the high half of two next_u32 calls).
class XorShiftRng {
 public:
  explicit XorShiftRng(const std::array<std::uint8_t, 16>& seed) {
    for (std::size_t i = 0; i < 4; ++i) {
      state_[i] = std::uint32_t{seed[4 * i]} | std::uint32_t{seed[4 * i + 1]} << 8 |
                  std::uint32_t{seed[4 * i + 2]} << 16 | std::uint32_t{seed[4 * i + 3]} << 24;
    }
  }
  std::uint32_t next_u32() {
    const std::uint32_t t = state_[0] ^ (state_[0] << 11);
    state_[0] = state_[1];
    state_[1] = state_[2];
    state_[2] = state_[3];
    state_[3] = state_[3] ^ (state_[3] >> 19) ^ (t ^ (t >> 8));
    return state_[3];
  }
  std::uint64_t next_u64() {
    const std::uint64_t low = next_u32();
    return low | std::uint64_t{next_u32()} << 32;
  }

 private:
  std::array<std::uint32_t, 4> state_{};
};

// blstrs Scalar::random: four u64 words, the top bit cleared, retried until below r.
inline bls12_381::Fr random_fr(XorShiftRng& rng) {
  for (;;) {
    std::array<std::uint8_t, 32> bytes{};
    for (std::size_t w = 0; w < 4; ++w) {
      std::uint64_t word = rng.next_u64();
      if (w == 3) word &= ~std::uint64_t{0} >> 1;
      for (std::size_t b = 0; b < 8; ++b)
        bytes[8 * w + b] = static_cast<std::uint8_t>(word >> (8 * b));
    }
    if (auto fr = bls12_381::Fr::from_bytes_le(std::span<const std::uint8_t, 32>(bytes)))
      return *fr;
  }
}

}  // namespace cuzk::test
