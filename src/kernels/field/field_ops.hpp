// Element-wise field arithmetic on the GPU, for checking the device arithmetic against the host
// types (tests) and nothing else. Plain C++.
#pragma once

#include <span>
#include <vector>

#include "kernels/device/device.hpp"

namespace cuzk::kernels {

enum class FieldOp {
  kAdd,             // a + b
  kSubtract,        // a - b
  kMultiply,        // a * b
  kSquare,          // a^2
  kNegate,          // -a
  kInverse,         // 1/a (0 for 0)
  kToMontgomery,    // a's limbs read as a canonical integer, into Montgomery form
  kFromMontgomery,  // a's canonical integer, as limbs
  kDot,             // a[i]*b[i] + a[j]*b[j] with j = (i + 1) % n, through the type's dot()
};

// out[i] = op(a[i], b[i]) on `device` (kDot also reads the next pair); b is ignored by the unary
// operations but must be as long as a. F is bls12_381::Fr, bls12_381::Fp or kernels::Fp2Mont
// (kInverse and the Montgomery conversions are not offered for Fp2Mont, kDot not for Fr: they
// throw cuzk::Error).
template <class F>
std::vector<F> gpu_field_op(Device device, FieldOp op, std::span<const F> a, std::span<const F> b);

}  // namespace cuzk::kernels
