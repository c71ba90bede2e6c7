// Standard base64 (RFC 4648 section 4: alphabet "+/", "=" padding, no line breaks), as Go's
// encoding/json writes a []byte such as the C1 wrapper's "Phase1Out". The decoder is
// porep/base64.hpp.
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace cuzk::sealing {

std::string encode_base64(std::span<const std::uint8_t> bytes);

}  // namespace cuzk::sealing
