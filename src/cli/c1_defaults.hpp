// The sector identity that commands making a C1 use unless told otherwise: lotus-bench's
// `simple commit1` values, miner t01000, sector 1, ticket and seed 32 x 0x01.
#pragma once

#include <cstdint>
#include <string_view>

namespace cuzk::cli {

inline constexpr std::uint64_t kDefaultMinerId = 1000;
inline constexpr std::uint64_t kDefaultSectorId = 1;
inline constexpr std::string_view kDefaultRandomness =
    "0101010101010101010101010101010101010101010101010101010101010101";

}  // namespace cuzk::cli
