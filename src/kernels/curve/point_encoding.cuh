// bellperson's uncompressed point encoding, written on the device (the reverse of the decoding in
// bases.cu): canonical coordinates in big-endian, G2's as x.c1 x.c0 y.c1 y.c0, and infinity as
// the flag byte 0x40 followed by zeros. Internal to the kernels folder.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/curve/curve.cuh"

namespace cuzk::kernels::detail {

// 96 bytes for G1, 192 for G2: the affine coordinates' own size.
template <class F>
inline constexpr std::size_t kEncodedBytes = 2 * sizeof(F);

// The canonical value of f in big-endian, as 12 words whose bytes land in order on a
// little-endian device (the most significant word first, each byte-swapped).
__device__ inline void write_big_endian(const DeviceFp& f, std::uint32_t* out) {
  const DeviceFp c = f.from_montgomery();
#pragma unroll
  for (int i = 0; i < DeviceFp::kWords; ++i) {
    out[DeviceFp::kWords - 1 - i] = __byte_perm(c.w[i], 0, 0x0123);
  }
}

__device__ inline void write_coordinates(const DeviceAffine<DeviceFp>& p, std::uint32_t* out) {
  write_big_endian(p.x, out);
  write_big_endian(p.y, out + DeviceFp::kWords);
}
__device__ inline void write_coordinates(const DeviceAffine<DeviceFp2>& p, std::uint32_t* out) {
  write_big_endian(p.x.c1, out);
  write_big_endian(p.x.c0, out + DeviceFp::kWords);
  write_big_endian(p.y.c1, out + 2 * DeviceFp::kWords);
  write_big_endian(p.y.c0, out + 3 * DeviceFp::kWords);
}

// `out` is 4-byte aligned and kEncodedBytes<F> long.
template <class F>
__device__ void encode_uncompressed(const DeviceAffine<F>& p, std::uint8_t* out) {
  auto* words = reinterpret_cast<std::uint32_t*>(out);
  if (p.is_infinity()) {
    constexpr std::size_t kWordCount = kEncodedBytes<F> / 4;
    words[0] = 0x40;  // the infinity flag in byte 0
    for (std::size_t k = 1; k < kWordCount; ++k) words[k] = 0;
    return;
  }
  write_coordinates(p, words);
}

// Output for to_affine (batch_affine.cuh) that writes encodings; a point's prefix product waits
// in its own encoding's bytes (96 or 192, room for one coordinate).
template <class F>
struct EncodedOutput {
  std::uint8_t* bytes;
  __device__ F& scratch(std::size_t i) const {
    return *reinterpret_cast<F*>(bytes + i * kEncodedBytes<F>);
  }
  __device__ void emit(std::size_t i, const DeviceAffine<F>& p) const {
    encode_uncompressed(p, bytes + i * kEncodedBytes<F>);
  }
};

}  // namespace cuzk::kernels::detail
