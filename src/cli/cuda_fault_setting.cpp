#include "cli/cuda_fault_setting.hpp"

#include <CLI/CLI.hpp>

#include <charconv>
#include <cstdlib>
#include <string>
#include <string_view>

#include "kernels/device/cuda_fault_injection.hpp"

namespace cuzk::cli {

std::optional<std::uint64_t> parse_cuda_fault_at(const char* value) {
  if (value == nullptr || *value == '\0') return std::nullopt;
  const std::string_view text(value);
  std::uint64_t n = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (error != std::errc() || end != text.data() + text.size() || n == 0 ||
      n >= static_cast<std::uint64_t>(kernels::detail::kNoCudaFault)) {
    throw CLI::ValidationError(std::string(kCudaFaultVariable) + "='" + std::string(text) +
                               "': expected the number of the checked CUDA call to fail, from 1");
  }
  return n;
}

void arm_cuda_fault_from_environment() {
  if (const auto n = parse_cuda_fault_at(std::getenv(kCudaFaultVariable)))
    kernels::arm_cuda_fault(*n);
}

}  // namespace cuzk::cli
