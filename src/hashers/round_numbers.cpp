#include "hashers/round_numbers.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cuzk::hashers::poseidon {
namespace {

// The paper's n (field size in bits) and M (security level). neptune rounds BLS12-381's 255-bit
// modulus up to 256; the round numbers depend on that choice, so it is kept.
constexpr float kPrimeBits = 256.0f;
constexpr float kSecurityBits = 128.0f;

// The inequalities are evaluated in single precision because neptune evaluates them in f32; the
// margin multiplication below is likewise f32. Only IEEE single operations appear (no fused
// multiply-add: ISO C++ mode leaves contraction off), so the ceilings land where neptune's do.
bool round_numbers_are_secure(std::size_t width, std::size_t full, std::size_t partial) {
  const float t = static_cast<float>(width);
  const float rp = static_cast<float>(partial);
  const float rf_statistical = kSecurityBits <= (kPrimeBits - 3.0f) * (t + 1.0f) ? 6.0f : 10.0f;
  const float rf_interpolation = 0.43f * kSecurityBits + std::log2(t) - rp;
  const float rf_groebner_1 = 0.21f * kPrimeBits - rp;
  const float rf_groebner_2 = (0.14f * kPrimeBits - 1.0f - rp) / (t - 1.0f);
  // Negative bounds saturate to 0 as Rust's float-to-usize cast does.
  auto as_count = [](float x) { return x <= 0.0f ? 0.0 : static_cast<double>(std::ceil(x)); };
  const double needed = std::max({as_count(rf_statistical), as_count(rf_interpolation),
                                  as_count(rf_groebner_1), as_count(rf_groebner_2)});
  return static_cast<double>(full) >= needed;
}

}  // namespace

RoundNumbers calc_round_numbers(std::size_t width, bool security_margin) {
  RoundNumbers best;
  std::size_t best_sboxes = std::numeric_limits<std::size_t>::max();
  for (std::size_t rf = 2; rf <= 1000; rf += 2) {
    for (std::size_t rp = 4; rp < 200; ++rp) {
      if (!round_numbers_are_secure(width, rf, rp)) continue;
      std::size_t full = rf;
      std::size_t partial = rp;
      if (security_margin) {
        full += 2;
        partial = static_cast<std::size_t>(std::ceil(1.075f * static_cast<float>(rp)));
      }
      const std::size_t sboxes = width * full + partial;  // the paper's cost, t*R_F + R_P
      if (sboxes < best_sboxes || (sboxes == best_sboxes && full < best.full_rounds)) {
        best = {full, partial};
        best_sboxes = sboxes;
      }
    }
  }
  return best;
}

RoundNumbers round_numbers(std::size_t arity, Strength strength) {
  RoundNumbers rounds = calc_round_numbers(arity + 1, /*security_margin=*/true);
  if (strength == Strength::kStrengthened) {
    rounds.partial_rounds =
        static_cast<std::size_t>(std::ceil(static_cast<double>(rounds.partial_rounds) * 1.25));
  }
  return rounds;
}

}  // namespace cuzk::hashers::poseidon
