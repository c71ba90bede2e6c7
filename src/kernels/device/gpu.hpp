// Whether a CUDA device can run the kernels. Plain C++: callers compile with g++.
#pragma once

#include <cstddef>
#include <string>

namespace cuzk::kernels {

// True when this build has the CUDA kernels and a device is present and usable. Never throws.
bool gpu_available();

// Starts the CUDA driver and the current device's context, a few hundred milliseconds on an H200
// that a caller can spend on host work meanwhile (CUDA calls on other threads wait for it). Never
// throws: a missing or broken device is told later, by gpu_available() and the first real call.
void start_device() noexcept;

// One line naming the device (name, compute capability, memory), or why there is none.
std::string gpu_description();

// The current device's memory, in bytes (cudaMemGetInfo). Throws cuzk::Error without a device.
struct DeviceMemoryInfo {
  std::size_t free = 0;
  std::size_t total = 0;
};
DeviceMemoryInfo device_memory_info();

// Device memory in use (total - free) once the device is idle and the stream-ordered pool has
// handed back what it keeps for reuse (keep_freed_memory_in_pool): what a leaked buffer raises.
std::size_t settled_device_memory_in_use();

}  // namespace cuzk::kernels
