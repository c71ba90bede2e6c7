// SHA-256 (FIPS 180-4), the one home of it: whole messages over OpenSSL, for the PoRep's native
// side (replica_id, challenges, graph seeds, labels, the comm_d tree), and the constants and the
// compression function without padding (§4.2.2, §5.3.3, §6.2.2), the native counterpart of the
// SHA-256 gadget, which lays out its own padding.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

namespace cuzk::hashers {

using Sha256Digest = std::array<std::uint8_t, 32>;

// Incremental hashing; each call to update appends to the message. Throws cuzk::Error if OpenSSL
// fails.
class Sha256 {
 public:
  Sha256();
  Sha256& update(std::span<const std::uint8_t> bytes);
  Sha256& update(std::string_view text);
  Sha256Digest finish();  // the object cannot be updated afterwards

 private:
  struct CtxDeleter {
    void operator()(void* ctx) const noexcept;
  };
  std::unique_ptr<void, CtxDeleter> ctx_;
};

Sha256Digest sha256(std::span<const std::uint8_t> bytes);

using Sha256State = std::array<std::uint32_t, 8>;

// The first 32 bits of the fractional parts of the square roots of the first 8 primes.
inline constexpr Sha256State kSha256Iv = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                          0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
inline constexpr std::array<std::uint32_t, 64> kSha256RoundConstants = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

constexpr std::uint32_t rotr32(std::uint32_t x, unsigned n) { return (x >> n) | (x << (32 - n)); }

// One compression of a 64-byte block (big-endian words) into `state`.
constexpr Sha256State sha256_compress(const Sha256State& state,
                                      std::span<const std::uint8_t, 64> block) {
  std::array<std::uint32_t, 64> w{};
  for (unsigned t = 0; t < 16; ++t) {
    w[t] = (std::uint32_t{block[4 * t]} << 24) | (std::uint32_t{block[4 * t + 1]} << 16) |
           (std::uint32_t{block[4 * t + 2]} << 8) | std::uint32_t{block[4 * t + 3]};
  }
  for (unsigned t = 16; t < 64; ++t) {
    const std::uint32_t s0 = rotr32(w[t - 15], 7) ^ rotr32(w[t - 15], 18) ^ (w[t - 15] >> 3);
    const std::uint32_t s1 = rotr32(w[t - 2], 17) ^ rotr32(w[t - 2], 19) ^ (w[t - 2] >> 10);
    w[t] = w[t - 16] + s0 + w[t - 7] + s1;
  }
  auto [a, b, c, d, e, f, g, h] = state;
  for (unsigned t = 0; t < 64; ++t) {
    const std::uint32_t s1 = rotr32(e, 6) ^ rotr32(e, 11) ^ rotr32(e, 25);
    const std::uint32_t ch = (e & f) ^ (~e & g);
    const std::uint32_t t1 = h + s1 + ch + kSha256RoundConstants[t] + w[t];
    const std::uint32_t s0 = rotr32(a, 2) ^ rotr32(a, 13) ^ rotr32(a, 22);
    const std::uint32_t maj = (a & b) ^ (a & c) ^ (b & c);
    const std::uint32_t t2 = s0 + maj;
    h = g;
    g = f;
    f = e;
    e = d + t1;
    d = c;
    c = b;
    b = a;
    a = t1 + t2;
  }
  return {state[0] + a, state[1] + b, state[2] + c, state[3] + d,
          state[4] + e, state[5] + f, state[6] + g, state[7] + h};
}

}  // namespace cuzk::hashers
