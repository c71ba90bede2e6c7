// Which GPU a kernels object or call works on. Every GPU object of the kernels is bound to the
// Device given at its construction, and every call that makes one takes it, so that nothing
// depends on the device a thread happens to have current (CUDA's default is device 0 on every new
// thread). Plain C++: callers compile with g++.
//
// The rule inside the kernels: a public object or call makes its device current (ScopedDevice) on
// each thread it runs CUDA work on, its own threads included, and again in its destructor before
// it frees anything; kernels-internal helpers (.cuh, namespace detail) run on the device their
// public caller made current.
#pragma once

#include <new>

namespace cuzk::kernels {

// A CUDA device by its runtime index, 0 .. device_count() - 1 (after CUDA_VISIBLE_DEVICES).
class Device {
 public:
  constexpr explicit Device(int index) : index_(index) {}
  constexpr int index() const { return index_; }
  friend constexpr bool operator==(Device, Device) = default;

 private:
  int index_;
};

// The devices CUDA can use: 0 without a driver, without a device, or in a build without CUDA.
// Never throws.
int device_count() noexcept;

// Makes `device` current on the calling thread for the scope, then gives the thread back the
// device it had chosen before through an enclosing ScopedDevice. A thread that had chosen none
// keeps `device` current afterwards instead of being switched to CUDA's default: since CUDA 12,
// switching to a device creates its context, and a thread that works on device 1 alone must not
// make one on device 0. That is sound because only the kernels set devices, and every kernels
// entry point sets its own. A scope whose device is already the chosen one makes no CUDA call.
class ScopedDevice {
 public:
  // Throws CudaError when the device cannot be made current (a bad index, no driver).
  explicit ScopedDevice(Device device);
  // For destructors: on failure the scope changes nothing (what is freed next fails in turn, and
  // destructors ignore that).
  ScopedDevice(Device device, std::nothrow_t) noexcept;
  ~ScopedDevice();
  ScopedDevice(const ScopedDevice&) = delete;
  ScopedDevice& operator=(const ScopedDevice&) = delete;

 private:
  int previous_;  // the device chosen before this scope, or -1
  int chosen_;    // this scope's, or -1 when it could not be made current
};

}  // namespace cuzk::kernels
