// The operating system's CSPRNG (getrandom(2)) as a uniform 64-bit generator, for secrets such as
// the Groth16 blinding factors r and s. Throws cuzk::Error if the kernel refuses.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>

namespace cuzk {

void os_random_bytes(std::span<std::uint8_t> out);

class OsRandom {
 public:
  using result_type = std::uint64_t;
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }
  result_type operator()();
};

}  // namespace cuzk
