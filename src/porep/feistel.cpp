#include "porep/feistel.hpp"

#include "porep/blake2b.hpp"

namespace cuzk::porep {

FeistelPermutation::FeistelPermutation(std::uint64_t num_elements, const FeistelKeys& keys)
    : num_elements_(num_elements), keys_(keys) {
  std::uint64_t next_pow4 = 4;
  while (next_pow4 < num_elements) {
    next_pow4 *= 4;
    ++half_bits_;
  }
  right_mask_ = (std::uint64_t{1} << half_bits_) - 1;
}

// F(R, K): the first 8 bytes, big-endian, of BLAKE2b-512(R as u64 BE || K as u64 BE), masked to
// the half width.
std::uint64_t FeistelPermutation::round_function(std::uint64_t right, std::uint64_t key) const {
  std::array<std::uint8_t, 16> data{};
  for (int i = 0; i < 8; ++i) {
    data[i] = static_cast<std::uint8_t>(right >> (56 - 8 * i));
    data[8 + i] = static_cast<std::uint8_t>(key >> (56 - 8 * i));
  }
  const auto hash = blake2b_512(data);
  std::uint64_t r = 0;
  for (int i = 0; i < 8; ++i) r = (r << 8) | hash[i];
  return r & right_mask_;
}

std::uint64_t FeistelPermutation::encode(std::uint64_t index) const {
  // Bits above the two halves are dropped, as feistel.rs' masks do.
  std::uint64_t left = (index >> half_bits_) & right_mask_;
  std::uint64_t right = index & right_mask_;
  for (int round = 0; round < kFeistelRounds; ++round) {
    const std::uint64_t next_right = left ^ round_function(right, keys_[round]);
    left = right;
    right = next_right;
  }
  return (left << half_bits_) | right;
}

std::uint64_t FeistelPermutation::decode(std::uint64_t index) const {
  std::uint64_t left = (index >> half_bits_) & right_mask_;
  std::uint64_t right = index & right_mask_;
  for (int round = kFeistelRounds - 1; round >= 0; --round) {
    const std::uint64_t prev_left = right ^ round_function(left, keys_[round]);
    right = left;
    left = prev_left;
  }
  return (left << half_bits_) | right;
}

std::uint64_t FeistelPermutation::permute(std::uint64_t index) const {
  std::uint64_t u = encode(index);
  while (u >= num_elements_) u = encode(u);
  return u;
}

std::uint64_t FeistelPermutation::invert(std::uint64_t value) const {
  std::uint64_t u = decode(value);
  while (u >= num_elements_) u = decode(u);
  return u;
}

}  // namespace cuzk::porep
