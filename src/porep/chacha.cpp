#include "porep/chacha.hpp"

#include <bit>

#include "util/error.hpp"

namespace cuzk::porep {
namespace {

constexpr std::array<std::uint32_t, 4> kSigma = {0x61707865, 0x3320646e, 0x79622d32,
                                                 0x6b206574};  // "expand 32-byte k"

void quarter_round(ChaChaBlock& x, int a, int b, int c, int d) {
  x[a] += x[b];
  x[d] = std::rotl(x[d] ^ x[a], 16);
  x[c] += x[d];
  x[b] = std::rotl(x[b] ^ x[c], 12);
  x[a] += x[b];
  x[d] = std::rotl(x[d] ^ x[a], 8);
  x[c] += x[d];
  x[b] = std::rotl(x[b] ^ x[c], 7);
}

std::uint32_t load_le32(const std::uint8_t* p) {
  return std::uint32_t{p[0]} | std::uint32_t{p[1]} << 8 | std::uint32_t{p[2]} << 16 |
         std::uint32_t{p[3]} << 24;
}

}  // namespace

ChaChaBlock chacha_block(const ChaChaKey& key, const std::array<std::uint32_t, 4>& tail,
                         int rounds) {
  ChaChaBlock input{};
  for (int i = 0; i < 4; ++i) input[i] = kSigma[i];
  for (int i = 0; i < 8; ++i) input[4 + i] = load_le32(key.data() + 4 * i);
  for (int i = 0; i < 4; ++i) input[12 + i] = tail[i];
  ChaChaBlock x = input;
  for (int r = 0; r < rounds; r += 2) {
    quarter_round(x, 0, 4, 8, 12);  // columns
    quarter_round(x, 1, 5, 9, 13);
    quarter_round(x, 2, 6, 10, 14);
    quarter_round(x, 3, 7, 11, 15);
    quarter_round(x, 0, 5, 10, 15);  // diagonals
    quarter_round(x, 1, 6, 11, 12);
    quarter_round(x, 2, 7, 8, 13);
    quarter_round(x, 3, 4, 9, 14);
  }
  for (int i = 0; i < 16; ++i) x[i] += input[i];
  return x;
}

void ChaCha8Rng::refill() {
  const std::array<std::uint32_t, 4> tail = {static_cast<std::uint32_t>(next_block_),
                                             static_cast<std::uint32_t>(next_block_ >> 32), 0, 0};
  block_ = chacha_block(key_, tail, 8);
  ++next_block_;
  index_ = 0;
}

std::uint32_t ChaCha8Rng::next_u32() {
  if (index_ == block_.size()) refill();
  return block_[index_++];
}

std::uint64_t ChaCha8Rng::next_u64() {
  const std::uint64_t low = next_u32();
  const std::uint64_t high = next_u32();
  return (high << 32) | low;
}

ChaCha20Stream::ChaCha20Stream(const ChaChaKey& key, std::span<const std::uint8_t, 12> nonce)
    : key_(key) {
  for (int i = 0; i < 3; ++i) nonce_words_[i] = load_le32(nonce.data() + 4 * i);
}

void ChaCha20Stream::keystream(std::uint32_t byte_offset, std::span<std::uint8_t> out) const {
  constexpr std::uint64_t kBlockBytes = 64;
  const std::uint64_t end = std::uint64_t{byte_offset} + out.size();
  if (end > (std::uint64_t{1} << 32) * kBlockBytes) {
    throw Error("ChaCha20: keystream request runs past the 32-bit block counter");
  }
  std::uint64_t pos = byte_offset;
  std::size_t written = 0;
  while (written < out.size()) {
    const auto counter = static_cast<std::uint32_t>(pos / kBlockBytes);
    const ChaChaBlock block =
        chacha_block(key_, {counter, nonce_words_[0], nonce_words_[1], nonce_words_[2]}, 20);
    for (std::uint64_t i = pos % kBlockBytes; i < kBlockBytes && written < out.size(); ++i) {
      out[written++] = static_cast<std::uint8_t>(block[i / 4] >> (8 * (i % 4)));
      ++pos;
    }
  }
}

}  // namespace cuzk::porep
