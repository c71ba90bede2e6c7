#include "kernels/device/cuda_fault_injection.hpp"

#include <string>

#include "util/error.hpp"

namespace cuzk::kernels {

namespace detail {

std::atomic<std::int64_t> cuda_fault_countdown{kNoCudaFault};

}  // namespace detail

namespace {

// The countdown's value at the last arm or disarm: the calls made since are the difference.
std::atomic<std::int64_t> countdown_start{detail::kNoCudaFault};

void reset_countdown(std::int64_t value) {
  countdown_start.store(value, std::memory_order_relaxed);
  detail::cuda_fault_countdown.store(value, std::memory_order_relaxed);
}

}  // namespace

void arm_cuda_fault(std::uint64_t n) {
  if (n == 0 || n >= static_cast<std::uint64_t>(detail::kNoCudaFault))
    throw Error("CUDA fault injection: call number " + std::to_string(n) + " is out of range");
  reset_countdown(static_cast<std::int64_t>(n));
}

void disarm_cuda_fault() { reset_countdown(detail::kNoCudaFault); }

namespace detail {

std::uint64_t armed_cuda_fault() {
  return static_cast<std::uint64_t>(countdown_start.load(std::memory_order_relaxed));
}

}  // namespace detail

std::uint64_t checked_cuda_calls() {
  return static_cast<std::uint64_t>(countdown_start.load(std::memory_order_relaxed) -
                                    detail::cuda_fault_countdown.load(std::memory_order_relaxed));
}

}  // namespace cuzk::kernels
