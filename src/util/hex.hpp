// Hexadecimal for byte strings (test vectors, command-line ids, fingerprints).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cuzk {

std::string to_hex(std::span<const std::uint8_t> bytes);
// Accepts upper or lower case, with or without "0x"; nullopt on an odd length or a bad digit.
std::optional<std::vector<std::uint8_t>> from_hex(std::string_view hex);

}  // namespace cuzk
