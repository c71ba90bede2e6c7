// SHA-256 against FIPS 180-2's examples (appendix B.1 and B.2) and the empty message: whole
// messages at once and fed in two pieces split anywhere, and the compression function, which on
// the padded one-block message from the IV gives the same digest.
#include "hashers/sha256.hpp"

#include <doctest/doctest.h>

#include <array>
#include <span>
#include <string_view>

#include "util/hex.hpp"

namespace {

using cuzk::hashers::Sha256;

std::span<const std::uint8_t> bytes_of(std::string_view s) {
  return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

struct Vector {
  std::string_view message;
  std::string_view digest;
};

constexpr Vector kVectors[] = {
    {"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
    {"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
    {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
     "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
};

}  // namespace

TEST_CASE("sha256: FIPS 180-2 examples, at once and in two pieces") {
  for (const Vector& v : kVectors) {
    INFO(v.message);
    CHECK(cuzk::to_hex(cuzk::hashers::sha256(bytes_of(v.message))) == v.digest);
    CHECK(cuzk::to_hex(Sha256().update(v.message).finish()) == v.digest);
    for (std::size_t cut = 0; cut <= v.message.size(); ++cut) {
      INFO("cut at " << cut);
      const auto digest = Sha256()
                              .update(v.message.substr(0, cut))
                              .update(bytes_of(v.message.substr(cut)))
                              .finish();
      CHECK(cuzk::to_hex(digest) == v.digest);
    }
  }
}

TEST_CASE("sha256: the compression function of the padded \"abc\" block from the IV") {
  // "abc", the 0x80 marker, zeros, and the bit length 24 in the last byte (FIPS 180-4 §5.1.1).
  std::array<std::uint8_t, 64> block{};
  block[0] = 'a';
  block[1] = 'b';
  block[2] = 'c';
  block[3] = 0x80;
  block[63] = 24;
  const cuzk::hashers::Sha256State state =
      cuzk::hashers::sha256_compress(cuzk::hashers::kSha256Iv, block);
  const cuzk::hashers::Sha256State expected = {0xba7816bf, 0x8f01cfea, 0x414140de, 0x5dae2223,
                                               0xb00361a3, 0x96177a9c, 0xb410ff61, 0xf20015ad};
  CHECK(state == expected);
}
