// BLAKE2b and ChaCha against published vectors, BLAKE2b also against OpenSSL.
#include <doctest/doctest.h>
#include <openssl/evp.h>

#include <random>
#include <string>
#include <vector>

#include "porep/blake2b.hpp"
#include "porep/chacha.hpp"
#include "util/hex.hpp"

using namespace cuzk::porep;

namespace {

std::span<const std::uint8_t> bytes_of(std::string_view s) {
  return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

std::vector<std::uint8_t> iota_bytes(std::size_t n) {
  std::vector<std::uint8_t> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<std::uint8_t>(i);
  return v;
}

std::string words_hex(const ChaChaBlock& block) {
  std::vector<std::uint8_t> bytes;
  for (std::uint32_t w : block) {
    for (int i = 0; i < 4; ++i) bytes.push_back(static_cast<std::uint8_t>(w >> (8 * i)));
  }
  return cuzk::to_hex(bytes);
}

}  // namespace

TEST_CASE("BLAKE2b-512 of \"abc\" is the RFC 7693 appendix A value") {
  CHECK(cuzk::to_hex(blake2b_512(bytes_of("abc"))) ==
        "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de"
        "4533cc9518d38aa8dbf1925ab92386edd4009923");
}

TEST_CASE("keyed and truncated BLAKE2b match Python's hashlib.blake2b") {
  // hashlib.blake2b(bytes(range(64)), digest_size=32,
  //                 key=b"filecoin.io|PoRep|1|Synthetic|1|Generation").hexdigest()
  std::array<std::uint8_t, 32> out32{};
  Blake2b(32, bytes_of("filecoin.io|PoRep|1|Synthetic|1|Generation"))
      .update(iota_bytes(64))
      .finish(out32);
  CHECK(cuzk::to_hex(out32) == "676f66f347f9d90a7de68e7dc3f9f111e4566d9c0ea6686e07ee2182a3fd8902");
  // hashlib.blake2b(bytes(range(200)), digest_size=20, key=bytes(range(64)))
  std::array<std::uint8_t, 20> out20{};
  Blake2b(20, iota_bytes(64)).update(iota_bytes(200)).finish(out20);
  CHECK(cuzk::to_hex(out20) == "3062d119dcb83127970108ee465de20670c8e8e9");
}

TEST_CASE("BLAKE2b-512 equals OpenSSL's for lengths around the block size, split or whole") {
  std::mt19937_64 rng(7);
  for (std::size_t len : {0, 1, 16, 127, 128, 129, 255, 256, 257, 1000}) {
    INFO("length " << len);
    std::vector<std::uint8_t> msg(len);
    for (auto& b : msg) b = static_cast<std::uint8_t>(rng());
    std::array<std::uint8_t, 64> reference{};
    unsigned int n = 0;
    REQUIRE(EVP_Digest(msg.data(), msg.size(), reference.data(), &n, EVP_blake2b512(), nullptr) ==
            1);
    CHECK(blake2b_512(msg) == reference);
    std::array<std::uint8_t, 64> split{};
    Blake2b hasher;
    hasher.update(std::span(msg).first(len / 3)).update(std::span(msg).subspan(len / 3));
    hasher.finish(split);
    CHECK(split == reference);
  }
}

TEST_CASE("ChaCha20 block: RFC 8439 section 2.3.2") {
  ChaChaKey key{};
  for (std::size_t i = 0; i < key.size(); ++i) key[i] = static_cast<std::uint8_t>(i);
  // counter 1, nonce 00000009 0000004a 00000000 as LE words
  const ChaChaBlock block = chacha_block(key, {1, 0x09000000, 0x4a000000, 0}, 20);
  CHECK(words_hex(block) ==
        "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4ed2826446079faa0914c2d705d9"
        "8b02a2b5129cd1de164eb9cbd083e8a2503c4e");
  // The same bytes through the stream interface, at byte offset 64 (block 1), in two pieces.
  const std::array<std::uint8_t, 12> nonce = {0, 0, 0, 9, 0, 0, 0, 0x4a, 0, 0, 0, 0};
  const ChaCha20Stream stream(key, nonce);
  std::array<std::uint8_t, 64> bytes{};
  stream.keystream(64, std::span(bytes).first(10));
  stream.keystream(74, std::span(bytes).subspan(10));
  CHECK(cuzk::to_hex(bytes) == words_hex(block));
}

TEST_CASE("ChaCha20 with a zero key and rand_chacha's layout gives rand_chacha's test values") {
  // rand_chacha chacha.rs test_chacha_true_values_a (draft-nir-cfrg-chacha20-poly1305-04 TV 1):
  // 64-bit counter 0, stream 0.
  const ChaChaBlock block = chacha_block(ChaChaKey{}, {0, 0, 0, 0}, 20);
  const ChaChaBlock expected = {0xade0b876, 0x903df1a0, 0xe56a5d40, 0x28bd8653,
                                0xb819d2bd, 0x1aed8da0, 0xccef36a8, 0xc70d778b,
                                0x7c5941da, 0x8d485751, 0x3fe02477, 0x374ad8b8,
                                0xf4b8436a, 0x1ca11815, 0x69b687c3, 0x8665eeb2};
  CHECK(block == expected);
}

TEST_CASE("ChaCha8Rng: zero key keystream is the 8-round test vector; u64s join LE word pairs") {
  // draft-strombergson-chacha-test-vectors TC1, 256-bit zero key, zero IV, 8 rounds.
  const ChaChaBlock block = chacha_block(ChaChaKey{}, {0, 0, 0, 0}, 8);
  CHECK(words_hex(block) ==
        "3e00ef2f895f40d67f5bb8e81f09a5a12c840ec3ce9a7f3b181be188ef711a1e984ce172b9216f419f44536745"
        "6d5619314a42a3da86b001387bfdb80e0cfe42");
  ChaCha8Rng rng(ChaChaKey{});
  for (std::size_t i = 0; i < 8; ++i) {
    const std::uint64_t expected = std::uint64_t{block[2 * i + 1]} << 32 | block[2 * i];
    CHECK(rng.next_u64() == expected);
  }
  // The 17th word starts block 1 (64-bit counter 1); a u64 drawn across the boundary joins the
  // last word of block 1 (low) and the first of block 2 (high), as rand_core's BlockRng does.
  const ChaChaBlock block1 = chacha_block(ChaChaKey{}, {1, 0, 0, 0}, 8);
  const ChaChaBlock block2 = chacha_block(ChaChaKey{}, {2, 0, 0, 0}, 8);
  for (std::size_t i = 0; i < 15; ++i) CHECK(rng.next_u32() == block1[i]);
  CHECK(rng.next_u64() == (std::uint64_t{block2[0]} << 32 | block1[15]));
}
