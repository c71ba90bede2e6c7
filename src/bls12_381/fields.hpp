// The two prime fields of BLS12-381: Fp (coordinates, 381 bits) and Fr (scalars, 255 bits).
#pragma once

#include <type_traits>

#include "bls12_381/mont_field.hpp"

namespace cuzk::bls12_381 {

// p =
// 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab
// 2 is a non-residue mod p because p = 3 (mod 8).
inline constexpr MontParams<6> kFpParams =
    make_mont_params<6>({0xb9feffffffffaaab, 0x1eabfffeb153ffff, 0x6730d2a0f6b0f624,
                         0x64774b84f38512bf, 0x4b1ba7b6434bacd7, 0x1a0111ea397fe69a},
                        2);

// r = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001
// 7 is the multiplicative generator the ff/blstrs crates use (ROOT_OF_UNITY = 7^t), which fixes
// the evaluation domains of bellperson's prover.
inline constexpr MontParams<4> kFrParams = make_mont_params<4>(
    {0xffffffff00000001, 0x53bda402fffe5bfe, 0x3339d80809a1d805, 0x73eda753299d7d48}, 7);

using Fp = MontField<6, kFpParams>;
using Fr = MontField<4, kFrParams>;

static_assert(Fp::kBytes == 48 && Fr::kBytes == 32);
static_assert(kFpParams.two_adicity == 1 && kFrParams.two_adicity == 32);
static_assert(sizeof(Fp) == 48 && sizeof(Fr) == 32 && std::is_trivially_copyable_v<Fr>,
              "host and device share this layout");

}  // namespace cuzk::bls12_381
