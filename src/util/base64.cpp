#include "util/base64.hpp"

#include <array>

namespace cuzk {
namespace {

constexpr std::uint8_t kInvalid = 0xff;
constexpr std::string_view kAlphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

constexpr std::array<std::uint8_t, 256> make_decode_table() {
  std::array<std::uint8_t, 256> table{};
  table.fill(kInvalid);
  for (std::size_t i = 0; i < kAlphabet.size(); ++i) {
    table[static_cast<unsigned char>(kAlphabet[i])] = static_cast<std::uint8_t>(i);
  }
  return table;
}

constexpr std::array<std::uint8_t, 256> kDecode = make_decode_table();

// The same per position of a 4-character group, pre-shifted into a 24-bit word; an invalid
// character sets bit 24, so one test per group finds it.
constexpr std::uint32_t kInvalidBit = std::uint32_t{1} << 24;
constexpr std::array<std::array<std::uint32_t, 256>, 4> make_shifted_tables() {
  std::array<std::array<std::uint32_t, 256>, 4> tables{};
  for (std::size_t pos = 0; pos < 4; ++pos) {
    for (std::size_t c = 0; c < 256; ++c) {
      tables[pos][c] =
          kDecode[c] == kInvalid ? kInvalidBit : std::uint32_t{kDecode[c]} << (18 - 6 * pos);
    }
  }
  return tables;
}

constexpr auto kShifted = make_shifted_tables();

Unexpected<Base64Error> fail(std::size_t offset, std::string reason) {
  return Unexpected<Base64Error>{Base64Error{offset, std::move(reason)}};
}

std::size_t padding_of(std::string_view in) {
  if (in.empty() || in.back() != '=') return 0;
  return in.size() >= 2 && in[in.size() - 2] == '=' ? 2 : 1;
}

}  // namespace

std::string encode_base64(std::span<const std::uint8_t> bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    const std::uint32_t group =
        std::uint32_t{bytes[i]} << 16 | std::uint32_t{bytes[i + 1]} << 8 | bytes[i + 2];
    out += kAlphabet[group >> 18];
    out += kAlphabet[(group >> 12) & 63];
    out += kAlphabet[(group >> 6) & 63];
    out += kAlphabet[group & 63];
  }
  // The last one or two bytes: "xx==" or "xxx=", the unused bits zero.
  const std::size_t rest = bytes.size() - i;
  if (rest > 0) {
    std::uint32_t group = std::uint32_t{bytes[i]} << 16;
    if (rest == 2) group |= std::uint32_t{bytes[i + 1]} << 8;
    out += kAlphabet[group >> 18];
    out += kAlphabet[(group >> 12) & 63];
    out += rest == 2 ? kAlphabet[(group >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

Expected<std::size_t, Base64Error> base64_decoded_size(std::string_view in) {
  if (in.size() % 4 != 0) {
    return fail(in.size(), "length " + std::to_string(in.size()) + " is not a multiple of 4");
  }
  return in.size() / 4 * 3 - padding_of(in);
}

Expected<std::size_t, Base64Error> decode_base64(std::string_view in, std::span<std::uint8_t> out) {
  const auto size = base64_decoded_size(in);
  if (!size) return size;
  if (out.size() != *size) return fail(0, "output buffer has the wrong size");
  const std::size_t padding = padding_of(in);
  const std::size_t full_groups = in.size() / 4 - (padding > 0 ? 1 : 0);
  const auto* src = reinterpret_cast<const unsigned char*>(in.data());
  std::uint8_t* dst = out.data();

  for (std::size_t g = 0; g < full_groups; ++g, src += 4, dst += 3) {
    const std::uint32_t v =
        kShifted[0][src[0]] | kShifted[1][src[1]] | kShifted[2][src[2]] | kShifted[3][src[3]];
    if (v & kInvalidBit) {
      for (std::size_t i = 0; i < 4; ++i) {
        if (kDecode[src[i]] == kInvalid) {
          return fail(4 * g + i, "invalid character at offset " + std::to_string(4 * g + i));
        }
      }
    }
    dst[0] = static_cast<std::uint8_t>(v >> 16);
    dst[1] = static_cast<std::uint8_t>(v >> 8);
    dst[2] = static_cast<std::uint8_t>(v);
  }
  if (padding == 0) return *size;

  // The last group: "xx==" holds one byte, "xxx=" two.
  const std::size_t base = 4 * full_groups;
  const std::size_t data_chars = 4 - padding;
  std::uint32_t v = 0;
  for (std::size_t i = 0; i < data_chars; ++i) {
    const std::uint8_t x = kDecode[src[i]];
    if (x == kInvalid) {
      return fail(base + i, "invalid character at offset " + std::to_string(base + i));
    }
    v = v << 6 | x;
  }
  const std::size_t unused_bits = padding == 2 ? 4 : 2;
  if ((v & ((1u << unused_bits) - 1)) != 0) {
    return fail(base + data_chars - 1,
                "non-zero padding bits at offset " + std::to_string(base + data_chars - 1));
  }
  v >>= unused_bits;
  if (padding == 2) {
    dst[0] = static_cast<std::uint8_t>(v);
  } else {
    dst[0] = static_cast<std::uint8_t>(v >> 8);
    dst[1] = static_cast<std::uint8_t>(v);
  }
  return *size;
}

}  // namespace cuzk
