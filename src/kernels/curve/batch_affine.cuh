// XYZZ points to affine, many at once. Each thread converts a strided set of at most
// kPointsPerInversion points (i, i + T, i + 2T, ... for T threads, so a warp's reads are
// contiguous) with one field inversion: Montgomery's trick over the products zz * zzz, since
// 1/zz = zzz / (zz zzz) and 1/zzz = zz / (zz zzz). The running prefix products are kept in the
// output itself, which each point overwrites last. Internal to the kernels folder.
#pragma once

#include <cstddef>

#include "kernels/curve/curve.cuh"
#include "kernels/device/device_memory.cuh"

namespace cuzk::kernels::detail {

// 570-odd products per inversion (Fermat) against 9 per point: 32 points make it a third.
inline constexpr std::size_t kPointsPerInversion = 32;
inline constexpr unsigned kAffineThreads = 128;

__device__ inline DeviceFp field_inverse(const DeviceFp& a) { return a.inverse(); }
// 1/(c0 + c1 u) = (c0 - c1 u) / (c0^2 + c1^2) because u^2 = -1.
__device__ inline DeviceFp2 field_inverse(const DeviceFp2& a) {
  const DeviceFp norm_inv = (a.c0.square() + a.c1.square()).inverse();
  return {a.c0 * norm_inv, -(a.c1 * norm_inv)};
}

// Writes affine points; the prefix products live in the output's x.
template <class F>
struct AffineOutput {
  DeviceAffine<F>* points;
  __device__ F& scratch(std::size_t i) const { return points[i].x; }
  __device__ void emit(std::size_t i, const DeviceAffine<F>& p) const { points[i] = p; }
};

// `Output` has F& scratch(i) (room for one field element that emit(i, ...) may overwrite) and
// emit(i, affine).
template <class F, class Output>
__global__ void to_affine_kernel(const DeviceXyzz<F>* in, std::size_t n, Output out) {
  const std::size_t first = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  if (first >= n) return;
  F prefix = F::one();
  for (std::size_t i = first; i < n; i += stride) {
    if (in[i].is_infinity()) continue;
    out.scratch(i) = prefix;
    prefix = prefix * (in[i].zz * in[i].zzz);
  }
  F inv = field_inverse(prefix);  // 1 / (product of every zz zzz of this thread)
  const std::size_t count = (n - 1 - first) / stride + 1;
  for (std::size_t k = count; k-- > 0;) {
    const std::size_t i = first + k * stride;
    const DeviceXyzz<F> p = in[i];
    if (p.is_infinity()) {
      out.emit(i, DeviceAffine<F>::infinity());
      continue;
    }
    const F zz_zzz = p.zz * p.zzz;
    const F z_inv = inv * out.scratch(i);  // 1 / (zz zzz) of this point
    inv = inv * zz_zzz;                    // 1 / (product over the points before it)
    out.emit(i, DeviceAffine<F>{p.x * (z_inv * p.zzz), p.y * (z_inv * p.zz)});
  }
}

template <class F, class Output>
void to_affine(const DeviceXyzz<F>* in, std::size_t n, Output out, cudaStream_t stream) {
  if (n == 0) return;
  const std::size_t threads = (n + kPointsPerInversion - 1) / kPointsPerInversion;
  to_affine_kernel<F, Output>
      <<<blocks_for(threads, kAffineThreads), kAffineThreads, 0, stream>>>(in, n, out);
  CUZK_CUDA_CHECK_LAUNCH();
}

}  // namespace cuzk::kernels::detail
