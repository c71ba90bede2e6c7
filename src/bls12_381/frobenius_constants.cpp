#include "bls12_381/frobenius_constants.hpp"

namespace cuzk::bls12_381 {
namespace {

// a / d for a small divisor that divides a exactly (schoolbook, most significant limb first).
template <std::size_t N>
constexpr Limbs<N> divide_exact(const Limbs<N>& a, std::uint64_t d) {
  Limbs<N> q{};
  bigint::u128 rem = 0;
  for (std::size_t i = N; i-- > 0;) {
    const bigint::u128 cur = (rem << 64) | a[i];
    q[i] = static_cast<std::uint64_t>(cur / d);
    rem = cur % d;
  }
  return q;
}

FrobeniusConstants compute() {
  Limbs<6> p_minus_1 = kFpParams.modulus;
  bigint::sub_in_place(p_minus_1, bigint::from_u64<6>(1));
  const Fp2 xi = Fp2::one().mul_by_nonresidue();
  FrobeniusConstants c{};
  c.gamma[0] = Fp2::one();
  c.gamma[1] = xi.pow(divide_exact(p_minus_1, 6));
  for (std::size_t k = 2; k < 6; ++k) c.gamma[k] = c.gamma[k - 1] * c.gamma[1];
  c.psi_x = c.gamma[2].inverse();
  c.psi_y = c.gamma[3].inverse();
  return c;
}

}  // namespace

const FrobeniusConstants& frobenius_constants() {
  static const FrobeniusConstants constants = compute();
  return constants;
}

}  // namespace cuzk::bls12_381
