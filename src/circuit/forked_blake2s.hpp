// One byte stream hashed by two BLAKE2s-256 states that began with different prefixes, each state
// on a thread of its own, while the caller goes on writing. The two circuit fingerprints need
// exactly this: the same rows after headers that differ in the constraint count, so neither
// hash can reuse the other's work, and hashing (about 33 GB per 32 GiB partition, each) is most
// of their cost.
//
// The caller writes into a ring of chunks: room(n) returns space for n bytes at the stream's end,
// commit(n) keeps them. A full chunk goes to both threads and is reused once both have hashed it,
// so memory stays at kChunks x kChunkBytes whatever the stream's length.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

namespace cuzk::circuit {

using Blake2sDigest = std::array<std::uint8_t, 32>;

class ForkedBlake2s {
 public:
  static constexpr std::size_t kChunkBytes = std::size_t{1} << 20;
  static constexpr std::size_t kChunks = 8;

  ForkedBlake2s(std::span<const std::uint8_t> prefix0, std::span<const std::uint8_t> prefix1);
  ~ForkedBlake2s();  // stops and joins the threads if finish() was not called
  ForkedBlake2s(const ForkedBlake2s&) = delete;
  ForkedBlake2s& operator=(const ForkedBlake2s&) = delete;

  // Space for n <= kChunkBytes bytes; valid until the next call to room().
  std::uint8_t* room(std::size_t n) {
    if (n > static_cast<std::size_t>(end_ - pos_)) next_chunk();
    return pos_;
  }
  void commit(std::size_t n) { pos_ += n; }

  // Ends the shared stream, appends `suffix1` to the second state only, and returns both
  // digests. Throws cuzk::Error if OpenSSL failed. Nothing may be written afterwards.
  std::array<Blake2sDigest, 2> finish(std::span<const std::uint8_t> suffix1);

 private:
  class Workers;
  void next_chunk();

  std::unique_ptr<Workers> workers_;
  std::uint8_t* begin_ = nullptr;  // the chunk being written; null before the first room()
  std::uint8_t* pos_ = nullptr;
  std::uint8_t* end_ = nullptr;
};

}  // namespace cuzk::circuit
