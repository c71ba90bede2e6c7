#include "porep/c1_json.hpp"

#include "util/error.hpp"

namespace cuzk::porep::detail {
namespace {

// A type mismatch is the writer's mistake; anything else means the document ended early or is
// not JSON at all.
std::string describe(simdjson::error_code error, std::string_view expected) {
  switch (error) {
    case simdjson::INCORRECT_TYPE:
      return "expected " + std::string(expected);
    case simdjson::NUMBER_ERROR:
    case simdjson::NUMBER_OUT_OF_RANGE:
      return "expected " + std::string(expected) + ", found an out-of-range number";
    default:
      return std::string("malformed or truncated JSON (") + simdjson::error_message(error) + ")";
  }
}

template <class T>
T get_or_fail(simdjson::simdjson_result<T>&& result, std::string_view expected,
              const JsonPath& path) {
  T out;
  if (const auto error = std::move(result).get(out)) path.fail(describe(error, expected));
  return out;
}

}  // namespace

std::string JsonPath::str() const {
  std::string out;
  for (const Part& part : parts_) {
    if (part.is_index) {
      out += '[';
      out += std::to_string(part.index);
      out += ']';
    } else {
      if (!out.empty()) out += '.';
      out += part.name;
    }
  }
  return out;
}

void JsonPath::fail(std::string_view problem) const {
  std::string message = location_;
  const std::string field = str();
  if (!field.empty()) message += (message.empty() ? "" : ": ") + field;
  message += (message.empty() ? "" : ": ") + std::string(problem);
  throw Error(message);
}

void JsonPath::fail_json(simdjson::error_code error) const { fail(describe(error, "a value")); }

od::object get_object(od::value value, const JsonPath& path) {
  return get_or_fail(value.get_object(), "an object", path);
}

od::array get_array(od::value value, const JsonPath& path) {
  return get_or_fail(value.get_array(), "an array", path);
}

std::uint64_t get_u64(od::value value, const JsonPath& path) {
  return get_or_fail(value.get_uint64(), "an unsigned 64-bit integer", path);
}

std::uint32_t get_u32(od::value value, const JsonPath& path) {
  const std::uint64_t v = get_or_fail(value.get_uint64(), "an unsigned 32-bit integer", path);
  if (v > 0xffffffffu) path.fail(std::to_string(v) + " does not fit 32 bits");
  return static_cast<std::uint32_t>(v);
}

std::int64_t get_i64(od::value value, const JsonPath& path) {
  return get_or_fail(value.get_int64(), "a 64-bit integer", path);
}

std::string_view get_string(od::value value, const JsonPath& path) {
  return get_or_fail(value.get_string(), "a string", path);
}

// Reads the array's text in one pass instead of one on-demand call per element: a C1 file is
// mostly these arrays (10 million integers for 32 GiB), so this loop sets the parse time.
void read_bytes32(od::value value, Domain& out, const JsonPath& path) {
  od::array array = get_array(value, path);
  std::string_view text;
  if (const auto error = array.raw_json().get(text)) path.fail_json(error);
  const char* p = text.data();
  const char* const end = p + text.size();
  const auto is_space = [](char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; };
  const auto skip_space = [&] {
    while (p < end && is_space(*p)) ++p;
  };
  ++p;  // '['
  skip_space();
  std::size_t n = 0;
  if (p < end && *p == ']') return path.fail("has 0 bytes, expected 32");
  while (true) {
    skip_space();
    const char* digits = p;
    while (p < end && *p >= '0' && *p <= '9') ++p;
    const std::size_t len = static_cast<std::size_t>(p - digits);
    const bool fraction = p < end && (*p == '.' || *p == 'e' || *p == 'E');
    if (len == 0 || fraction || (len > 1 && digits[0] == '0')) {
      path.fail("element " + std::to_string(n) + ": expected an integer 0..255");
    }
    unsigned byte = 0;
    for (std::size_t i = 0; i < len && byte <= 0xff; ++i) byte = byte * 10 + (digits[i] - '0');
    if (len > 3 || byte > 0xff) {
      path.fail("element " + std::to_string(n) + " is " + std::string(digits, len) +
                ", not a byte");
    }
    if (n < out.size()) out[n] = static_cast<std::uint8_t>(byte);
    ++n;
    skip_space();
    if (p < end && *p == ',') {
      ++p;
      continue;
    }
    if (p < end && *p == ']') break;
    path.fail("element " + std::to_string(n - 1) + ": expected ',' or ']'");
  }
  if (n != out.size()) {
    path.fail("has " + std::to_string(n) + " bytes, expected " + std::to_string(out.size()));
  }
}

void read_domain(od::value value, Domain& out, const JsonPath& path) {
  read_bytes32(value, out, path);
  if (!is_canonical_fr(out)) path.fail("is not below the BLS12-381 scalar field modulus");
}

}  // namespace cuzk::porep::detail
