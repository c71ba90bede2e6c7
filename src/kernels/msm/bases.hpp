// MSM bases resident in device memory across calls, on the device they were made for. Plain C++:
// callers compile with g++.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "kernels/curve/points.hpp"
#include "kernels/device/device.hpp"
#include "kernels/device/device_bound.hpp"

namespace cuzk::kernels {

// n affine points (G1AffineMont or G2AffineMont layout) in the memory of one device; move-only,
// freed on destruction. Every factory throws cuzk::Error on a CUDA failure or a malformed point.
template <class Affine>
class DeviceBases {
 public:
  static constexpr std::size_t kEncodedBytes =
      sizeof(Affine) == sizeof(G1AffineMont) ? kG1UncompressedBytes : kG2UncompressedBytes;

  // From bellperson's uncompressed encoding (kEncodedBytes per point, big-endian coordinates,
  // G2 as x.c1 x.c0 y.c1 y.c0; flag 0x40 in the first byte marks infinity, 0x80 and 0x20 must be
  // clear). Decoding, the range check, the Montgomery conversion and the on-curve check run on
  // the GPU. Points are not checked for subgroup membership.
  static DeviceBases from_uncompressed(Device device, std::span<const std::uint8_t> encoded);
  // From points already in the device layout.
  static DeviceBases from_affine(Device device, std::span<const Affine> points);
  // n points made by repeating `pattern` (benchmarks that need more points than a CPU can make).
  static DeviceBases repeated(Device device, std::span<const Affine> pattern, std::size_t n);

  DeviceBases(DeviceBases&&) noexcept;
  DeviceBases& operator=(DeviceBases&&) noexcept;
  ~DeviceBases();

  // The device whose memory holds the points: the MSMs over them run there.
  Device device() const { return storage_.device(); }
  std::size_t size() const;
  std::vector<Affine> download() const;
  // The device array (for the kernels folder; a const Affine* in device memory).
  const void* device_data() const;

 private:
  struct Storage;
  explicit DeviceBases(DeviceBound<Storage> storage);
  DeviceBound<Storage> storage_;
};

using DeviceG1Bases = DeviceBases<G1AffineMont>;
using DeviceG2Bases = DeviceBases<G2AffineMont>;

extern template class DeviceBases<G1AffineMont>;
extern template class DeviceBases<G2AffineMont>;

}  // namespace cuzk::kernels
