#include <string>
#include <string_view>

#include "kernels/device/cuda_check.cuh"
#include "kernels/device/cuda_error.hpp"

namespace cuzk::kernels::detail {

namespace {

std::string message(cudaError_t error, const char* call, const char* file, int line) {
  return std::string("CUDA call ") + call + " failed at " + file + ":" + std::to_string(line) +
         ": " + cudaGetErrorName(error) + ": " + cudaGetErrorString(error);
}

}  // namespace

void throw_cuda_error(cudaError_t error, const char* call, const char* file, int line) {
  // The runtime also keeps the error as its last one: taken here, so that a later launch check
  // (cudaGetLastError) on this thread does not report it again as its own.
  cudaGetLastError();
  throw CudaError(message(error, call, file, line));
}

void throw_injected_cuda_error(const char* call, const char* file, int line) {
  // cudaMalloc, cudaMallocAsync, cudaMallocHost, ...: what a full device or host would report.
  const bool allocation = std::string_view(call).starts_with("cudaMalloc");
  const cudaError_t error = allocation ? cudaErrorMemoryAllocation : cudaErrorLaunchFailure;
  throw CudaError(message(error, call, file, line) + " (injected at checked CUDA call " +
                  std::to_string(armed_cuda_fault()) + ")");
}

}  // namespace cuzk::kernels::detail
