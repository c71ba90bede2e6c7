#include <cstdio>
#include <string>

#include "kernels/device/cuda_check.cuh"
#include "kernels/device/gpu.hpp"
#include "util/error.hpp"

namespace cuzk::kernels {

bool gpu_available() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    cudaGetLastError();  // clear the sticky "no device" error for later callers
    return false;
  }
  return count > 0;
}

void start_device() noexcept {
  // cudaFree(nullptr) frees nothing: it is the customary call that forces the context's creation.
  if (cudaFree(nullptr) != cudaSuccess) cudaGetLastError();
}

std::string gpu_description() {
  int count = 0;
  const cudaError_t error = cudaGetDeviceCount(&count);
  if (error != cudaSuccess || count == 0) {
    cudaGetLastError();
    return std::string("no CUDA device: ") +
           (error != cudaSuccess ? cudaGetErrorString(error) : "none found");
  }
  int device = 0;
  CUZK_CUDA_CHECK(cudaGetDevice(&device));
  cudaDeviceProp prop{};
  CUZK_CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  char line[256];
  std::snprintf(line, sizeof line, "%s, compute capability %d.%d, %d SMs, %.1f GiB", prop.name,
                prop.major, prop.minor, prop.multiProcessorCount,
                static_cast<double>(prop.totalGlobalMem) / (1024.0 * 1024.0 * 1024.0));
  return line;
}

DeviceMemoryInfo device_memory_info() {
  DeviceMemoryInfo info;
  CUZK_CUDA_CHECK(cudaMemGetInfo(&info.free, &info.total));
  return info;
}

std::size_t settled_device_memory_in_use() {
  CUZK_CUDA_CHECK(cudaDeviceSynchronize());
  int device = 0;
  CUZK_CUDA_CHECK(cudaGetDevice(&device));
  cudaMemPool_t pool = nullptr;
  CUZK_CUDA_CHECK(cudaDeviceGetDefaultMemPool(&pool, device));
  CUZK_CUDA_CHECK(cudaMemPoolTrimTo(pool, 0));
  const DeviceMemoryInfo info = device_memory_info();
  return info.total - info.free;
}

}  // namespace cuzk::kernels
