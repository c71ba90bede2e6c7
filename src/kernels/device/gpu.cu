#include <cstdio>
#include <string>

#include "kernels/device/cuda_check.cuh"
#include "kernels/device/gpu.hpp"
#include "util/error.hpp"

namespace cuzk::kernels {

namespace {

// Why `device` cannot be used, or "" when it can.
std::string unusable(Device device) {
  int count = 0;
  const cudaError_t error = cudaGetDeviceCount(&count);
  if (error == cudaSuccess && device.index() >= 0 && device.index() < count) return "";
  cudaGetLastError();  // clear the sticky error for later callers
  if (error == cudaSuccess) {
    return count == 0 ? "none found"
                      : "device " + std::to_string(device.index()) + " does not exist (" +
                            std::to_string(count) + " found)";
  }
  // Without libcuda the runtime reports cudaErrorInsufficientDriver, whose text blames a version
  // mismatch; the driver version it reads is then 0.
  int driver = 0;
  if (cudaDriverGetVersion(&driver) == cudaSuccess && driver == 0) {
    return "no NVIDIA driver or GPU found";
  }
  return cudaGetErrorString(error);
}

}  // namespace

bool gpu_available(Device device) { return unusable(device).empty(); }

void start_device(Device device) noexcept {
  if (!gpu_available(device)) return;
  const ScopedDevice on(device, std::nothrow);
  // cudaFree(nullptr) frees nothing: it is the customary call that forces the context's creation.
  if (cudaFree(nullptr) != cudaSuccess) cudaGetLastError();
}

std::string gpu_description(Device device) {
  if (const std::string why = unusable(device); !why.empty()) return "no CUDA device: " + why;
  cudaDeviceProp prop{};
  CUZK_CUDA_CHECK(cudaGetDeviceProperties(&prop, device.index()));
  char line[256];
  std::snprintf(line, sizeof line, "%s, compute capability %d.%d, %d SMs, %.1f GiB", prop.name,
                prop.major, prop.minor, prop.multiProcessorCount,
                static_cast<double>(prop.totalGlobalMem) / (1024.0 * 1024.0 * 1024.0));
  return line;
}

DeviceMemoryInfo device_memory_info(Device device) {
  const ScopedDevice on(device);
  DeviceMemoryInfo info;
  CUZK_CUDA_CHECK(cudaMemGetInfo(&info.free, &info.total));
  return info;
}

std::size_t settled_device_memory_in_use(Device device) {
  const ScopedDevice on(device);
  CUZK_CUDA_CHECK(cudaDeviceSynchronize());
  cudaMemPool_t pool = nullptr;
  CUZK_CUDA_CHECK(cudaDeviceGetDefaultMemPool(&pool, device.index()));
  CUZK_CUDA_CHECK(cudaMemPoolTrimTo(pool, 0));
  const DeviceMemoryInfo info = device_memory_info(device);
  return info.total - info.free;
}

}  // namespace cuzk::kernels
