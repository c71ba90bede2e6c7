// A growable vector of bits, 64 to a word, with the word array exposed for the prover: the
// density bitmaps of ProvingCS (one bit per variable: 130M aux variables cost 16 MiB).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace cuzk::circuit {

class BitVector {
 public:
  BitVector() = default;
  explicit BitVector(std::size_t bits) : words_((bits + 63) / 64), size_(bits) {}  // all zero

  void push_back(bool bit) {
    if (size_ % 64 == 0) words_.push_back(0);
    if (bit) words_.back() |= std::uint64_t{1} << (size_ % 64);
    ++size_;
  }
  void set(std::size_t i) { words_[i / 64] |= std::uint64_t{1} << (i % 64); }
  bool test(std::size_t i) const { return (words_[i / 64] >> (i % 64)) & 1; }
  std::size_t size() const { return size_; }
  std::size_t count() const {
    std::size_t n = 0;
    for (std::uint64_t w : words_) n += static_cast<std::size_t>(std::popcount(w));
    return n;
  }
  void reserve(std::size_t bits) { words_.reserve((bits + 63) / 64); }
  // Little-endian bit order within each word; bits past size() are zero.
  std::span<const std::uint64_t> words() const { return words_; }
  friend bool operator==(const BitVector&, const BitVector&) = default;

 private:
  std::vector<std::uint64_t> words_;
  std::size_t size_ = 0;
};

}  // namespace cuzk::circuit
