#include "util/hex.hpp"

#include <doctest/doctest.h>

#include <vector>

TEST_CASE("hex encodes lowercase and decodes either case, with or without 0x") {
  const std::vector<std::uint8_t> bytes{0x00, 0x01, 0xab, 0xff};
  CHECK(cuzk::to_hex(bytes) == "0001abff");
  CHECK(cuzk::from_hex("0001abff") == bytes);
  CHECK(cuzk::from_hex("0x0001ABFF") == bytes);
  CHECK(cuzk::from_hex("")->empty());
}

TEST_CASE("hex rejects odd lengths and non-digits") {
  CHECK_FALSE(cuzk::from_hex("abc").has_value());
  CHECK_FALSE(cuzk::from_hex("0g").has_value());
  CHECK_FALSE(cuzk::from_hex("0x1").has_value());
}
