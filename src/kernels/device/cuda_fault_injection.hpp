// A test hook for the cleanup path of every GPU stage: arm_cuda_fault(n) makes the n-th checked
// CUDA call from then on (CUZK_CUDA_CHECK and CUZK_CUDA_CHECK_LAUNCH, counted across all threads
// from 1) fail without being made: an allocation (cudaMalloc*) with cudaErrorMemoryAllocation,
// any other call with cudaErrorLaunchFailure, thrown as a CudaError whose message names the call
// and says "injected". `cuzk` arms it from CUZK_CUDA_FAULT_AT (cli/cuda_fault_setting.hpp); tests
// arm it directly. Unarmed, a checked call costs one relaxed atomic decrement. Plain C++, built
// with or without CUDA.
#pragma once

#include <atomic>
#include <cstdint>

namespace cuzk::kernels {

// Throws cuzk::Error for n == 0.
void arm_cuda_fault(std::uint64_t n);
void disarm_cuda_fault();
// The checked CUDA calls made since the last arm_cuda_fault or disarm_cuda_fault, the failed one
// included.
std::uint64_t checked_cuda_calls();

namespace detail {

// Far more calls than a process makes: never reached while disarmed.
inline constexpr std::int64_t kNoCudaFault = std::int64_t{1} << 62;

// Process-wide on purpose: the hook must reach every checked call of every thread without a
// parameter threaded through the kernels. Decremented by every checked call.
extern std::atomic<std::int64_t> cuda_fault_countdown;

// Whether this checked call is the armed one (the call that takes the countdown from 1 to 0).
inline bool cuda_fault_due() {
  return cuda_fault_countdown.fetch_sub(1, std::memory_order_relaxed) == 1;
}

// The number of the armed call (for the message of the fault it makes).
std::uint64_t armed_cuda_fault();

}  // namespace detail
}  // namespace cuzk::kernels
