// Checked CUDA calls: every runtime call goes through CUZK_CUDA_CHECK, which throws CudaError
// (kernels/device/cuda_error.hpp) naming the call, the source line and CUDA's own message, so a
// failing kernel is never silent. Each checked call first asks the fault-injection hook
// (kernels/device/cuda_fault_injection.hpp) whether it is the one armed to fail; only host code
// calls it.
#pragma once

#include <cuda_runtime.h>

#include "kernels/device/cuda_fault_injection.hpp"

namespace cuzk::kernels::detail {

[[noreturn]] void throw_cuda_error(cudaError_t error, const char* call, const char* file, int line);
// The armed fault, in place of `call`: CUDA's out-of-memory error for an allocation, a launch
// failure otherwise.
[[noreturn]] void throw_injected_cuda_error(const char* call, const char* file, int line);

}  // namespace cuzk::kernels::detail

#define CUZK_CUDA_CHECK(call)                                                                 \
  do {                                                                                        \
    if (::cuzk::kernels::detail::cuda_fault_due())                                            \
      ::cuzk::kernels::detail::throw_injected_cuda_error(#call, __FILE__, __LINE__);          \
    const cudaError_t cuzk_cuda_error_ = (call);                                              \
    if (cuzk_cuda_error_ != cudaSuccess)                                                      \
      ::cuzk::kernels::detail::throw_cuda_error(cuzk_cuda_error_, #call, __FILE__, __LINE__); \
  } while (0)

// After a kernel launch: reports a bad launch configuration at once (execution errors surface
// at the next synchronizing call, which is checked too).
#define CUZK_CUDA_CHECK_LAUNCH() CUZK_CUDA_CHECK(cudaGetLastError())
