#include "hashers/grain_lfsr.hpp"

#include <array>
#include <cstdint>
#include <optional>

#include "bls12_381/bigint.hpp"

namespace cuzk::hashers::poseidon {
namespace {

using bls12_381::Fr;

// The 80-bit Grain state, held as a ring: `head_` is the oldest bit b_i, and the bit at offset k is
// b_{i+k}. Each step computes b_{i+80} = b_{i+62} ^ b_{i+51} ^ b_{i+38} ^ b_{i+23} ^ b_{i+13} ^
// b_i, which overwrites the slot of b_i.
class GrainLfsr {
 public:
  static constexpr std::size_t kStateBits = 80;
  static constexpr std::size_t kWarmUpBits = 160;

  // The initial state encodes the instance, most significant bit first: field type (2 bits,
  // 1 = prime field), S-box (4 bits, 1 = x^alpha with positive alpha), field size n (12 bits),
  // width t (12 bits), R_F (10 bits), R_P (10 bits), then 30 one bits.
  GrainLfsr(std::size_t field_bits, std::size_t width, std::size_t full_rounds,
            std::size_t partial_rounds) {
    std::size_t pos = 0;
    auto append = [&](std::uint64_t value, std::size_t bits) {
      for (std::size_t i = bits; i-- > 0;) state_[pos++] = static_cast<bool>((value >> i) & 1);
    };
    append(/*prime field*/ 1, 2);
    append(/*x^alpha S-box*/ 1, 4);
    append(field_bits, 12);
    append(width, 12);
    append(full_rounds, 10);
    append(partial_rounds, 10);
    append((std::uint64_t{1} << 30) - 1, 30);
    for (std::size_t i = 0; i < kWarmUpBits; ++i) step();
  }

  // Self-shrinking output: draw bit pairs (x, y) and emit y only when x is 1.
  bool next_bit() {
    while (!step()) step();
    return step();
  }

 private:
  bool at(std::size_t offset) const { return state_[(head_ + offset) % kStateBits]; }

  bool step() {
    const bool bit = at(62) ^ at(51) ^ at(38) ^ at(23) ^ at(13) ^ at(0);
    state_[head_] = bit;
    head_ = (head_ + 1) % kStateBits;
    return bit;
  }

  std::array<bool, kStateBits> state_{};
  std::size_t head_ = 0;
};

// One candidate: Fr::kBits output bits read as a big-endian integer; nullopt when it is >= r.
std::optional<Fr> draw_candidate(GrainLfsr& grain) {
  bls12_381::Limbs<Fr::kLimbs> value{};
  for (std::size_t i = Fr::kBits; i-- > 0;) {
    if (grain.next_bit()) value[i / 64] |= std::uint64_t{1} << (i % 64);
  }
  return Fr::from_canonical(value);
}

}  // namespace

std::vector<Fr> grain_round_constants(std::size_t width, std::size_t full_rounds,
                                      std::size_t partial_rounds) {
  GrainLfsr grain(Fr::kBits, width, full_rounds, partial_rounds);
  std::vector<Fr> constants;
  constants.reserve((full_rounds + partial_rounds) * width);
  while (constants.size() < constants.capacity()) {
    if (const auto candidate = draw_candidate(grain)) constants.push_back(*candidate);
  }
  return constants;
}

}  // namespace cuzk::hashers::poseidon
