// A growable vector of bits, 64 to a word, with the word array exposed for the prover: the
// density bitmaps of ProvingCS (one bit per variable: 130M aux variables cost 16 MiB). Its words
// come from a std::pmr resource, the default one unless given: a witness's bits can live in the
// partition's own heap (compact_witness.hpp). A copy takes the default resource, as std::pmr
// containers do; an assignment keeps the destination's.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory_resource>
#include <span>
#include <vector>

namespace cuzk::circuit {

class BitVector {
 public:
  BitVector() = default;
  // `size` zero bits, their words from `memory`.
  explicit BitVector(std::size_t size,
                     std::pmr::memory_resource* memory = std::pmr::get_default_resource())
      : words_((size + 63) / 64, memory), size_(size) {}

  void push_back(bool bit) {
    if (size_ % 64 == 0) words_.push_back(0);
    if (bit) words_.back() |= std::uint64_t{1} << (size_ % 64);
    ++size_;
  }
  // Appends the low `count` bits of `bits` (count <= 64; the bits above count must be zero),
  // least significant first: a word of a native computation's bits in one step.
  void append(std::uint64_t bits, unsigned count) {
    if (count == 0) return;
    const unsigned used = static_cast<unsigned>(size_ % 64);
    if (used == 0) {
      words_.push_back(bits);
    } else {
      words_.back() |= bits << used;
      if (used + count > 64) words_.push_back(bits >> (64 - used));
    }
    size_ += count;
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
  // For writers that fill disjoint ranges in parallel (through std::atomic_ref at shared words).
  std::span<std::uint64_t> mutable_words() { return words_; }
  friend bool operator==(const BitVector&, const BitVector&) = default;

 private:
  std::pmr::vector<std::uint64_t> words_;
  std::size_t size_ = 0;
};

}  // namespace cuzk::circuit
