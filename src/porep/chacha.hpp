// The ChaCha block function (Bernstein 2008; RFC 8439 section 2.3) in the two stream layouts the
// PoRep uses: rand_chacha's ChaCha8Rng seeds the DRG parent sampling, and the IETF ChaCha20 stream
// of the `chacha20` crate derives synthetic challenges. Variable time; nothing here is secret.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace cuzk::porep {

using ChaChaKey = std::array<std::uint8_t, 32>;
using ChaChaBlock = std::array<std::uint32_t, 16>;

// One block: the constants, the key as eight LE words, then `tail` as words 12..15. `rounds` is 8
// or 20 (any even number works).
ChaChaBlock chacha_block(const ChaChaKey& key, const std::array<std::uint32_t, 4>& tail,
                         int rounds);

// rand_chacha 0.3 `ChaCha8Rng::from_seed`: words 12-13 hold a 64-bit block counter starting at 0,
// words 14-15 the stream id 0. Output words are consumed in order; next_u64 joins two consecutive
// words, the first as the low half (rand_core's BlockRng), also across a block boundary.
class ChaCha8Rng {
 public:
  explicit ChaCha8Rng(const ChaChaKey& seed) : key_(seed) {}
  std::uint32_t next_u32();
  std::uint64_t next_u64();

 private:
  void refill();

  ChaChaKey key_;
  ChaChaBlock block_{};
  std::uint64_t next_block_ = 0;
  std::size_t index_ = 16;  // next unread word of block_; 16 = exhausted
};

// RFC 8439 ChaCha20: word 12 is a 32-bit block counter from 0, words 13-15 the 96-bit nonce. The
// keystream is addressed by byte offset, like the `chacha20` crate's `try_seek` (which limits the
// offset to 32 bits).
class ChaCha20Stream {
 public:
  ChaCha20Stream(const ChaChaKey& key, std::span<const std::uint8_t, 12> nonce);
  void keystream(std::uint32_t byte_offset, std::span<std::uint8_t> out) const;

 private:
  ChaChaKey key_;
  std::array<std::uint32_t, 3> nonce_words_{};
};

}  // namespace cuzk::porep
