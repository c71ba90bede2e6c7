#include "circuit/gadgets/sha256.hpp"

#include <doctest/doctest.h>
#include <openssl/sha.h>

#include <array>
#include <random>
#include <string>
#include <vector>

#include "circuit/counting_cs.hpp"
#include "circuit/cs_cross_check.hpp"
#include "circuit/fingerprint_cs.hpp"
#include "circuit/proving_cs.hpp"
#include "circuit/test_cs.hpp"
#include "hashers/sha256.hpp"
#include "util/hex.hpp"

using namespace cuzk::circuit;

namespace {

namespace hashers = cuzk::hashers;

// Message bits, byte 0 first, most significant bit first, each allocated in "input bit i".
template <class CS>
std::vector<Boolean> alloc_message(CS& cs, std::span<const std::uint8_t> bytes) {
  std::vector<Boolean> bits;
  for (std::size_t i = 0; i < 8 * bytes.size(); ++i) {
    auto s = cs.scope("input bit", i);
    bits.push_back(AllocatedBit::alloc(cs, ((bytes[i / 8] >> (7 - i % 8)) & 1) != 0));
  }
  return bits;
}

std::vector<std::uint8_t> random_bytes(std::mt19937_64& rng, std::size_t n) {
  std::vector<std::uint8_t> out(n);
  for (auto& b : out) b = static_cast<std::uint8_t>(rng());
  return out;
}

std::vector<std::uint8_t> to_bytes(const std::vector<Boolean>& bits) {
  std::vector<std::uint8_t> out(bits.size() / 8);
  for (std::size_t i = 0; i < bits.size(); ++i) {
    if (*bits[i].value()) out[i / 8] |= static_cast<std::uint8_t>(0x80 >> (i % 8));
  }
  return out;
}

std::vector<std::uint8_t> openssl_sha256(std::span<const std::uint8_t> data) {
  std::vector<std::uint8_t> out(SHA256_DIGEST_LENGTH);
  SHA256(data.data(), data.size(), out.data());
  return out;
}

bool satisfied(const ProvingCS& p) {
  for (std::size_t i = 0; i < p.num_constraints(); ++i) {
    if (p.a()[i] * p.b()[i] != p.c()[i]) return false;
  }
  return true;
}

// bellperson's test_full_block: 512 allocated bits, then one compression with the constant IV.
template <class CS>
std::array<UInt32, 8> full_block(CS& cs, std::span<const std::uint8_t> block) {
  const auto bits = alloc_message(cs, block);
  auto s = cs.scope("sha256");
  const auto iv = sha256_iv();
  return sha256_compression_function(cs, std::span<const Boolean>(bits),
                                     std::span<const UInt32, 8>(iv));
}

}  // namespace

TEST_CASE("SHA-256 of the empty message folds to constants: no constraint (test_blank_hash)") {
  TestCS cs;
  std::vector<Boolean> block(512, Boolean::constant(false));
  block[0] = Boolean::constant(true);
  const auto iv = sha256_iv();
  const auto out = sha256_compression_function(cs, std::span<const Boolean>(block),
                                               std::span<const UInt32, 8>(iv));
  CHECK(cs.num_constraints() == 0);
  CHECK(cs.num_aux() == 0);
  std::vector<Boolean> bits;
  for (const UInt32& w : out) {
    const auto be = w.into_bits_be();
    bits.insert(bits.end(), be.begin(), be.end());
  }
  CHECK(cuzk::to_hex(to_bytes(bits)) ==
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST_CASE("one compression of 512 allocated bits: 25,840 constraints, native value, tampering") {
  std::mt19937_64 rng(43);
  const auto block = random_bytes(rng, 64);
  TestCS cs;
  const auto out = full_block(cs, block);
  CHECK(cs.num_constraints() - 512 == 25840);  // bellperson test_full_block
  CHECK(cs.num_aux() - 512 == 25814);
  CHECK(cs.is_satisfied());
  const auto expected = hashers::sha256_compress(
      hashers::kSha256Iv, std::span<const std::uint8_t, 64>(block.data(), 64));
  for (int i = 0; i < 8; ++i) CHECK(*out[i].value() == expected[i]);

  // 26 MultiEq batches, the last emitted after new h7.
  CHECK(cs.constraints().back().path == "sha256/multieq 25");
  // A wrong xor output breaks its own constraint.
  const std::string xor_bit = "sha256/w extension 16/first xor for s0/xor of bit 0/xor result";
  const Fr saved = cs.get(xor_bit);
  cs.set(xor_bit, Fr::one() - saved);
  CHECK(cs.which_is_unsatisfied() ==
        "sha256/w extension 16/first xor for s0/xor of bit 0/xor constraint");
  cs.set(xor_bit, saved);
  // A wrong sum bit still a bit: only the batched equality catches it.
  const std::string sum_bit = "sha256/new h7/result bit 0/boolean";
  cs.set(sum_bit, Fr::one() - cs.get(sum_bit));
  CHECK(cs.which_is_unsatisfied() == "sha256/multieq 25");
  cs.set(sum_bit, Fr::from_u64(2));
  CHECK(cs.which_is_unsatisfied() == "sha256/new h7/result bit 0/boolean constraint");
}

TEST_CASE("the compression fingerprint equals the independent model's (gadgets.md §11)") {
  std::mt19937_64 rng(47);
  const auto block = random_bytes(rng, 64);
  const auto synth = [&](auto& cs) { full_block(cs, block); };
  constexpr const char* kModel = "a91be46c89fe4cb18f85d99956bf9b1afe0a96d1b6c960a30d4e9dcafcf501ba";
  CHECK(digest_of(synth).fingerprint == kModel);
  TestCS cs;
  synth(cs);
  CHECK(cs.fingerprint() == kModel);
}

TEST_CASE("every constraint system agrees on a compression with a variable state") {
  std::mt19937_64 rng(53);
  const auto block = random_bytes(rng, 64);
  hashers::Sha256State state;
  for (auto& w : state) w = static_cast<std::uint32_t>(rng());
  const auto synth = [&](auto& cs) {
    const auto bits = alloc_message(cs, block);
    std::array<UInt32, 8> h;
    for (int i = 0; i < 8; ++i) {
      auto s = cs.scope("state", i);
      h[i] = UInt32::alloc(cs, state[i]);
    }
    auto s = cs.scope("compression");
    const auto out = sha256_compression_function(cs, std::span<const Boolean>(bits),
                                                 std::span<const UInt32, 8>(h));
    if constexpr (std::remove_reference_t<decltype(cs)>::kKeepsWitness) {
      const auto expected =
          hashers::sha256_compress(state, std::span<const std::uint8_t, 64>(block.data(), 64));
      for (int i = 0; i < 8; ++i) CHECK(*out[i].value() == expected[i]);
    }
  };
  test::check_systems_agree(synth);
}

TEST_CASE("sha256 of 512 allocated bits: 44,874 constraints; the padding block 19,034") {
  std::mt19937_64 rng(59);
  const auto msg = random_bytes(rng, 64);
  TestCS cs;
  const auto bits = alloc_message(cs, msg);
  std::vector<Boolean> digest;
  {
    auto s = cs.scope("sha256");
    digest = sha256(cs, std::span<const Boolean>(bits));
  }
  CHECK(cs.num_constraints() - 512 == 44874);  // bellperson test_full_hash
  CHECK(cs.is_satisfied());
  CHECK(to_bytes(digest) == openssl_sha256(msg));
  std::size_t second_block = 0;
  for (const auto& k : cs.constraints()) second_block += k.path.rfind("sha256/block 1/", 0) == 0;
  CHECK(second_block == 19034);
}

TEST_CASE("a Merkle-node preimage with two constant pad bits costs 44,866 (gadgets.md §9.2)") {
  // Two 255-bit field elements, each padded with a constant bit 255 and byte-reversed: the
  // constants land at stream positions 248 and 504.
  CountingCS cs;
  std::vector<Boolean> bits;
  for (std::size_t i = 0; i < 512; ++i) {
    if (i == 248 || i == 504) {
      bits.push_back(Boolean::constant(false));
    } else {
      bits.push_back(AllocatedBit::alloc(cs, std::nullopt));
    }
  }
  const std::size_t before = cs.num_constraints();
  sha256(cs, std::span<const Boolean>(bits));
  CHECK(cs.num_constraints() - before == 44866);
}

TEST_CASE("sha256 equals OpenSSL on random messages of many lengths") {
  std::mt19937_64 rng(61);
  std::vector<std::size_t> lengths;
  for (std::size_t n = 0; n < 32; ++n) lengths.push_back(n);
  for (std::size_t n : {55u, 56u, 63u, 64u, 100u, 119u, 120u, 200u}) lengths.push_back(n);
  for (std::size_t n : lengths) {
    INFO("length " << n);
    const auto msg = random_bytes(rng, n);
    ProvingCS cs;
    const auto digest = sha256(cs, std::span<const Boolean>(alloc_message(cs, msg)));
    CHECK(to_bytes(digest) == openssl_sha256(msg));
    CHECK(satisfied(cs));
  }
  // One through TestCS for the names and is_satisfied, with a message under one block.
  const auto msg = random_bytes(rng, 20);
  TestCS cs;
  const auto digest = sha256(cs, std::span<const Boolean>(alloc_message(cs, msg)));
  CHECK(to_bytes(digest) == openssl_sha256(msg));
  CHECK(cs.is_satisfied());
}

TEST_CASE("sha256_block_no_padding is one compression with the IV") {
  std::mt19937_64 rng(67);
  const auto block = random_bytes(rng, 64);
  ProvingCS cs;
  const auto out = sha256_block_no_padding(cs, std::span<const Boolean>(alloc_message(cs, block)));
  const auto expected = hashers::sha256_compress(
      hashers::kSha256Iv, std::span<const std::uint8_t, 64>(block.data(), 64));
  std::vector<std::uint8_t> bytes;
  for (std::uint32_t w : expected) {
    for (int s = 24; s >= 0; s -= 8) bytes.push_back(static_cast<std::uint8_t>(w >> s));
  }
  CHECK(to_bytes(out) == bytes);
  CHECK(satisfied(cs));
}
