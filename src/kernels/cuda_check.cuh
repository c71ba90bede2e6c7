// Checked CUDA calls: every runtime call goes through CUZK_CUDA_CHECK, which throws cuzk::Error
// naming the call, the source line and CUDA's own message, so a failing kernel is never silent.
#pragma once

#include <cuda_runtime.h>

namespace cuzk::kernels::detail {

[[noreturn]] void throw_cuda_error(cudaError_t error, const char* call, const char* file, int line);

}  // namespace cuzk::kernels::detail

#define CUZK_CUDA_CHECK(call)                                                                 \
  do {                                                                                        \
    const cudaError_t cuzk_cuda_error_ = (call);                                              \
    if (cuzk_cuda_error_ != cudaSuccess)                                                      \
      ::cuzk::kernels::detail::throw_cuda_error(cuzk_cuda_error_, #call, __FILE__, __LINE__); \
  } while (0)

// After a kernel launch: reports a bad launch configuration at once (execution errors surface
// at the next synchronizing call, which is checked too).
#define CUZK_CUDA_CHECK_LAUNCH() CUZK_CUDA_CHECK(cudaGetLastError())
