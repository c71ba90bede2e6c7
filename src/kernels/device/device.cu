#include <string>

#include "kernels/device/cuda_check.cuh"
#include "kernels/device/device.hpp"
#include "util/error.hpp"

namespace cuzk::kernels {

namespace {

// The device the innermost ScopedDevice on this thread made current, -1 outside any. While it is
// set, CUDA's current device is that one: only ScopedDevice changes the current device.
thread_local int chosen_device = -1;

// Makes `index` current unless it already is (cudaSetDevice creates the device's context).
cudaError_t make_current(int index) noexcept {
  int current = -1;
  if (const cudaError_t e = cudaGetDevice(&current); e != cudaSuccess) return e;
  return current == index ? cudaSuccess : cudaSetDevice(index);
}

}  // namespace

int device_count() noexcept {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    cudaGetLastError();  // clear the sticky "no device" error for later callers
    return 0;
  }
  return count;
}

ScopedDevice::ScopedDevice(Device device) : previous_(chosen_device), chosen_(device.index()) {
  if (chosen_ < 0) throw Error("CUDA device " + std::to_string(chosen_) + " does not exist");
  if (previous_ != chosen_) {
    int current = -1;
    CUZK_CUDA_CHECK(cudaGetDevice(&current));
    if (current != chosen_) CUZK_CUDA_CHECK(cudaSetDevice(chosen_));
  }
  chosen_device = chosen_;
}

ScopedDevice::ScopedDevice(Device device, std::nothrow_t) noexcept
    : previous_(chosen_device), chosen_(device.index()) {
  if (chosen_ < 0) return;
  if (previous_ != chosen_ && make_current(chosen_) != cudaSuccess) {
    cudaGetLastError();
    chosen_ = -1;
    return;
  }
  chosen_device = chosen_;
}

ScopedDevice::~ScopedDevice() {
  if (chosen_ < 0) return;  // changed nothing
  chosen_device = previous_;
  // Errors are ignored: the enclosing scope's next CUDA call reports a device that is gone.
  if (previous_ >= 0 && previous_ != chosen_ && make_current(previous_) != cudaSuccess) {
    cudaGetLastError();
  }
}

}  // namespace cuzk::kernels
