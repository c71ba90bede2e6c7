// The keyed Feistel permutation of [0, n) that places expander parents (storage-proofs-core
// crypto/feistel.rs): 3 rounds over two halves of equal bit width, cycle-walking until the value
// falls below n.
#pragma once

#include <array>
#include <cstdint>

namespace cuzk::porep {

using FeistelKeys = std::array<std::uint64_t, 4>;  // only the first kFeistelRounds are used

inline constexpr int kFeistelRounds = 3;

class FeistelPermutation {
 public:
  // Each half holds log4 bits, the smallest number (at least 1) with 4^log4 >= num_elements.
  FeistelPermutation(std::uint64_t num_elements, const FeistelKeys& keys);

  std::uint64_t permute(std::uint64_t index) const;  // index < num_elements
  std::uint64_t invert(std::uint64_t value) const;   // permute(invert(v)) == v

 private:
  std::uint64_t encode(std::uint64_t index) const;
  std::uint64_t decode(std::uint64_t index) const;
  std::uint64_t round_function(std::uint64_t right, std::uint64_t key) const;

  std::uint64_t num_elements_;
  FeistelKeys keys_;
  std::uint32_t half_bits_ = 1;
  std::uint64_t right_mask_ = 0;
};

}  // namespace cuzk::porep
