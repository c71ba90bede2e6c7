// Whether a CUDA device can run the kernels, and what it has. Plain C++: callers compile with g++.
#pragma once

#include <cstddef>
#include <string>

#include "kernels/device/device.hpp"

namespace cuzk::kernels {

// True when this build has the CUDA kernels and `device` is present and usable. Never throws.
bool gpu_available(Device device);

// Starts the CUDA driver and the device's context, a few hundred milliseconds on an H200 that a
// caller can spend on host work meanwhile (CUDA calls on other threads wait for it). Meant for a
// thread of its own. Never throws: a missing or broken device is told later, by gpu_available()
// and the first real call.
void start_device(Device device) noexcept;

// One line naming the device (name, compute capability, memory), or why there is none: "no
// NVIDIA driver or GPU found" when no driver is installed, CUDA's own words otherwise.
std::string gpu_description(Device device);

// The device's memory, in bytes (cudaMemGetInfo). Throws cuzk::Error without a device.
struct DeviceMemoryInfo {
  std::size_t free = 0;
  std::size_t total = 0;
};
DeviceMemoryInfo device_memory_info(Device device);

// Device memory in use (total - free) once the device is idle and the stream-ordered pool has
// handed back what it keeps for reuse (keep_freed_memory_in_pool): what a leaked buffer raises.
std::size_t settled_device_memory_in_use(Device device);

}  // namespace cuzk::kernels
