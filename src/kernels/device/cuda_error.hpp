// A failed CUDA call (kernels/device/cuda_check.cuh) has a type of its own, so that a caller can
// tell a GPU fault (a failed launch, copy or allocation, a lost device) from a refusal of the input
// or of the plan (a witness that does not satisfy the circuit, a GPU too small for even the
// streaming plan), which stay plain cuzk::Error. Plain C++: callers compile with g++.
#pragma once

#include <string>

#include "util/error.hpp"

namespace cuzk::kernels {

// One line: the call, file:line and CUDA's error name and text (and "injected" for a fault made
// by the test hook of kernels/device/cuda_fault_injection.hpp).
class CudaError : public Error {
 public:
  explicit CudaError(const std::string& message) : Error(message) {}
};

}  // namespace cuzk::kernels
