#include "util/expected.hpp"

#include <doctest/doctest.h>

#include <string>

namespace {
enum class ParseError { kEmpty, kTooLong };

cuzk::Expected<int, ParseError> parse_length(const std::string& s) {
  if (s.empty()) return cuzk::Unexpected{ParseError::kEmpty};
  if (s.size() > 3) return cuzk::Unexpected{ParseError::kTooLong};
  return static_cast<int>(s.size());
}
}  // namespace

TEST_CASE("Expected carries either the value or the distinct error") {
  const auto ok = parse_length("ab");
  REQUIRE(ok.has_value());
  CHECK(*ok == 2);
  CHECK(parse_length("").error() == ParseError::kEmpty);
  CHECK(parse_length("abcd").error() == ParseError::kTooLong);
  CHECK_FALSE(parse_length("abcd"));
}
