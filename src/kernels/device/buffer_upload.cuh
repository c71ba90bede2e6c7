// Host arrays copied into device buffers after the work queued on a stream, for host types that
// share the layout of the device type (bls12_381::Fr and DeviceFr, plain integers). The copies are
// asynchronous: the host memory must stay valid until the stream has passed them. Internal to the
// kernels folder.
#pragma once

#include <cstddef>
#include <span>
#include <type_traits>

#include "kernels/device/device_memory.cuh"

namespace cuzk::kernels {

template <class T, class H>
void copy_to_device(T* dst, std::span<const H> host, cudaStream_t stream) {
  static_assert(sizeof(T) == sizeof(H) && std::is_trivially_copyable_v<H>,
                "the device type has the host type's layout");
  if (host.empty()) return;
  CUZK_CUDA_CHECK(
      cudaMemcpyAsync(dst, host.data(), host.size_bytes(), cudaMemcpyHostToDevice, stream));
}

// A new device array holding `host`.
template <class T, class H>
DeviceBuffer<T> upload_copy(std::span<const H> host, cudaStream_t stream) {
  DeviceBuffer<T> d(host.size());
  copy_to_device(d.data(), host, stream);
  return d;
}

// Copies `host` into `d`, first growing `d` (by an eighth more than asked, as counts of wide
// values wander) when it is too small: buffers kept from one partition to the next then allocate
// and free nothing.
template <class T, class H>
void upload_into(DeviceBuffer<T>& d, std::span<const H> host, cudaStream_t stream) {
  if (d.size() < host.size()) d = DeviceBuffer<T>(host.size() + host.size() / 8);
  copy_to_device(d.data(), host, stream);
}

}  // namespace cuzk::kernels
