// Host-side helpers for results coming back from the GPU: XYZZ sums to affine points.
// Internal to the kernels folder; plain C++.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "kernels/curve/points.hpp"

namespace cuzk::kernels::detail {

// Host mirrors of the device XYZZ layout (x, y, zz, zzz).
struct G1XyzzHost {
  bls12_381::Fp x, y, zz, zzz;
};
struct G2XyzzHost {
  Fp2Mont x, y, zz, zzz;
};

Fp2Mont fp2_mul(const Fp2Mont& a, const Fp2Mont& b);
Fp2Mont fp2_inverse(const Fp2Mont& a);  // zero maps to zero

// (X/ZZ, Y/ZZZ), or (0, 0) for infinity (ZZ = 0).
G1AffineMont to_affine(const G1XyzzHost& p);
G2AffineMont to_affine(const G2XyzzHost& p);

// Throws cuzk::Error unless every set bit of a batch-addition bitmap names one of the n bases.
void check_bitmap_fits(std::span<const std::uint64_t> bitmap, std::size_t n);

}  // namespace cuzk::kernels::detail
