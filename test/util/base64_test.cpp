// Base64 both ways against RFC 4648's section 10 vectors, random round trips of every length up
// to 70 bytes, and the strict decoder's rejections with the offending offset.
#include "util/base64.hpp"

#include <doctest/doctest.h>

#include <random>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace {

std::span<const std::uint8_t> bytes_of(std::string_view s) {
  return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

// Decodes `text`, failing the test if the decoder refuses it.
std::vector<std::uint8_t> decoded(std::string_view text) {
  const auto size = cuzk::base64_decoded_size(text);
  REQUIRE(size.has_value());
  std::vector<std::uint8_t> out(*size);
  const auto n = cuzk::decode_base64(text, out);
  REQUIRE(n.has_value());
  CHECK(*n == out.size());
  return out;
}

}  // namespace

TEST_CASE("base64: RFC 4648 section 10 vectors, encoded and decoded") {
  const std::pair<std::string_view, std::string_view> vectors[] = {
      {"", ""},
      {"f", "Zg=="},
      {"fo", "Zm8="},
      {"foo", "Zm9v"},
      {"foob", "Zm9vYg=="},
      {"fooba", "Zm9vYmE="},
      {"foobar", "Zm9vYmFy"},
  };
  for (const auto& [plain, encoded] : vectors) {
    INFO(encoded);
    CHECK(cuzk::encode_base64(bytes_of(plain)) == encoded);
    const std::vector<std::uint8_t> back = decoded(encoded);
    CHECK(std::string(back.begin(), back.end()) == plain);
  }
  // Every alphabet character, in order: 0x00 0x10 0x83 ... encode to "ABCD...+/".
  const std::string_view alphabet =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  CHECK(cuzk::encode_base64(decoded(alphabet)) == alphabet);
}

TEST_CASE("base64: random bytes of every length up to 70 round-trip") {
  std::mt19937_64 rng(9);
  for (std::size_t n = 0; n <= 70; ++n) {
    INFO("length " << n);
    std::vector<std::uint8_t> bytes(n);
    for (auto& b : bytes) b = static_cast<std::uint8_t>(rng());
    const std::string text = cuzk::encode_base64(bytes);
    CHECK(text.size() == (n + 2) / 3 * 4);
    CHECK(decoded(text) == bytes);
  }
}

TEST_CASE("base64: malformed input is rejected with the offending offset") {
  const std::pair<std::string_view, std::size_t> rejects[] = {
      {"Zg=", 3},       // length not a multiple of 4
      {"Zh==", 1},      // non-zero bits after the last byte
      {"Zm9=", 2},      // the same with one pad
      {"Z===", 1},      // too much padding
      {"Zm9v!A==", 4},  // not in the alphabet
      {"Zm=v", 2},      // padding inside
      {"Zm9v Zm9", 4},  // whitespace
      {"Zm9v-_==", 4},  // the URL-safe alphabet
  };
  for (const auto& [encoded, offset] : rejects) {
    INFO(encoded);
    const auto size = cuzk::base64_decoded_size(encoded);
    if (!size) {
      CHECK(size.error().offset == offset);
      continue;
    }
    std::vector<std::uint8_t> out(*size);
    const auto n = cuzk::decode_base64(encoded, out);
    REQUIRE_FALSE(n.has_value());
    CHECK(n.error().offset == offset);
  }
}
