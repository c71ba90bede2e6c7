// CUZK_CUDA_FAULT_AT=N, a test hook (docs/reliability.md, not in --help): the N-th checked CUDA
// call of the command fails as if the GPU had (kernels/device/cuda_fault_injection.hpp), to test
// what a GPU fault does to a whole run. Read once, when the command starts.
#pragma once

#include <cstdint>
#include <optional>

namespace cuzk::cli {

inline constexpr const char* kCudaFaultVariable = "CUZK_CUDA_FAULT_AT";

// The variable's value: nullopt when unset (nullptr) or empty, else the call number. Anything but
// a decimal number from 1 up is a usage error (CLI::ValidationError naming the variable): a typo
// must not make a fault test pass without a fault.
std::optional<std::uint64_t> parse_cuda_fault_at(const char* value);

// Arms the hook when the variable is set.
void arm_cuda_fault_from_environment();

}  // namespace cuzk::cli
