// Standard base64 (RFC 4648 section 4: alphabet "+/", "=" padding, no line breaks), as Go's
// encoding/json writes a []byte such as the C1 wrapper's "Phase1Out". The decoder is strict: the
// input length is a multiple of 4, padding only at the end, no whitespace, and the unused bits of
// the last group are zero (the `base64` crate's STANDARD engine, which curio's cuzk uses for
// "Phase1Out"), so every accepted text is what encode_base64 writes for its bytes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "util/expected.hpp"

namespace cuzk {

std::string encode_base64(std::span<const std::uint8_t> bytes);

struct Base64Error {
  std::size_t offset;  // of the first offending character, or the input length
  std::string reason;
};

// The decoded length, or an error if the length or padding is malformed.
Expected<std::size_t, Base64Error> base64_decoded_size(std::string_view in);

// Decodes into out, whose size must be base64_decoded_size(in).
Expected<std::size_t, Base64Error> decode_base64(std::string_view in, std::span<std::uint8_t> out);

}  // namespace cuzk
