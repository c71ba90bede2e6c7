// BLAKE2b (RFC 7693) with a key and any digest length from 1 to 64 bytes. The Feistel round
// function hashes 16 bytes per call (millions of calls per graph), and synthetic PoRep needs keyed
// 32-byte digests, so this small allocation-free implementation is used instead of OpenSSL's EVP.
// Variable time; none of its inputs is secret.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace cuzk::porep {

class Blake2b {
 public:
  static constexpr std::size_t kMaxDigestBytes = 64;
  static constexpr std::size_t kMaxKeyBytes = 64;
  static constexpr std::size_t kBlockBytes = 128;

  // Throws cuzk::Error if digest_bytes is not 1..64 or the key is longer than 64 bytes.
  explicit Blake2b(std::size_t digest_bytes = kMaxDigestBytes,
                   std::span<const std::uint8_t> key = {});
  Blake2b& update(std::span<const std::uint8_t> bytes);
  // Writes the digest_bytes-long digest; the object cannot be updated afterwards.
  void finish(std::span<std::uint8_t> out);

 private:
  void compress(const std::uint8_t* block, bool last);

  std::array<std::uint64_t, 8> h_{};
  std::array<std::uint8_t, kBlockBytes> buffer_{};
  std::size_t buffered_ = 0;
  std::uint64_t count_lo_ = 0;  // bytes compressed so far, a 128-bit counter
  std::uint64_t count_hi_ = 0;
  std::size_t digest_bytes_;
};

std::array<std::uint8_t, 64> blake2b_512(std::span<const std::uint8_t> bytes);

}  // namespace cuzk::porep
