// Decoding bellperson's uncompressed point encoding on the GPU (internal to the kernels folder):
// big-endian coordinates (G2 as x.c1 x.c0 y.c1 y.c0), flag 0x40 in the first byte for infinity,
// 0x80 (compressed) and 0x20 (sort) clear. Coordinates are range-checked, converted to Montgomery
// form and checked to be on the curve; subgroup membership is not checked.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "kernels/curve/curve.cuh"
#include "util/error.hpp"

namespace cuzk::kernels::detail {

// Why a point failed to decode, in priority order (the kernel keeps the smallest index).
enum DecodeError : unsigned { kBadFlags = 1, kNotCanonical = 2, kNotOnCurve = 3 };

// A big-endian base-field integer of 48 bytes into little-endian 32-bit words (canonical, not
// yet Montgomery). `mask_flags` clears the three flag bits of the first byte.
__device__ inline DeviceFp read_be_fp(const std::uint8_t* bytes, bool mask_flags) {
  DeviceFp f;
#pragma unroll
  for (int i = 0; i < DeviceFp::kWords; ++i) {
    const std::uint8_t* b = bytes + 4 * (DeviceFp::kWords - 1 - i);
    f.w[i] = (std::uint32_t{b[0]} << 24) | (std::uint32_t{b[1]} << 16) |
             (std::uint32_t{b[2]} << 8) | std::uint32_t{b[3]};
  }
  if (mask_flags) f.w[DeviceFp::kWords - 1] &= 0x1fffffffu;
  return f;
}

__device__ inline void read_coordinates(const std::uint8_t* p, DeviceFp& x, DeviceFp& y) {
  x = read_be_fp(p, true);
  y = read_be_fp(p + 48, false);
}
__device__ inline void read_coordinates(const std::uint8_t* p, DeviceFp2& x, DeviceFp2& y) {
  x.c1 = read_be_fp(p, true);
  x.c0 = read_be_fp(p + 48, false);
  y.c1 = read_be_fp(p + 96, false);
  y.c0 = read_be_fp(p + 144, false);
}

// One point's encoding at p into out (infinity where it fails); 0, or why it failed.
template <class F>
__device__ inline unsigned decode_point(const std::uint8_t* p, DeviceAffine<F>& out) {
  constexpr std::size_t kBytes = 2 * sizeof(F);
  out = DeviceAffine<F>::infinity();
  const unsigned flags = p[0] >> 5;
  if ((flags & 0x4) != 0 || (flags & 0x1) != 0) return kBadFlags;  // compressed or sorted
  if ((flags & 0x2) != 0) {
    bool rest_zero = (p[0] & 0x1f) == 0;
    for (std::size_t k = 1; k < kBytes; ++k) rest_zero &= p[k] == 0;
    return rest_zero ? 0 : kBadFlags;
  }
  DeviceAffine<F> a;
  read_coordinates(p, a.x, a.y);
  if (!a.x.is_canonical() || !a.y.is_canonical()) return kNotCanonical;
  a.x = a.x.to_montgomery();
  a.y = a.y.to_montgomery();
  if (!is_on_curve(a)) return kNotOnCurve;
  out = a;
  return 0;
}

// Keeps the first failure: the error word is the index in the high bits and the reason in the
// low two, so that atomicMin keeps the smallest index.
__device__ inline void note_decode_error(unsigned long long* first_error, std::size_t index,
                                         unsigned reason) {
  atomicMin(first_error, (static_cast<unsigned long long>(index) << 2) | reason);
}

template <class F>
__global__ void decode_kernel(const std::uint8_t* encoded, DeviceAffine<F>* out, std::size_t n,
                              std::size_t first_index, unsigned long long* first_error) {
  constexpr std::size_t kBytes = 2 * sizeof(F);
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  DeviceAffine<F> a;
  const unsigned reason = decode_point<F>(encoded + i * kBytes, a);
  if (reason != 0) note_decode_error(first_error, first_index + i, reason);
  out[i] = a;
}

// The first error word is ~0 when every point decoded; otherwise throws naming the first bad one.
inline void throw_if_decode_error(unsigned long long error) {
  if (error == ~0ull) return;
  static constexpr const char* kReasons[] = {"", "has invalid flags",
                                             "has a coordinate not below p", "is not on the curve"};
  throw Error("encoded base point " + std::to_string(error >> 2) + " " + kReasons[error & 3]);
}

}  // namespace cuzk::kernels::detail
