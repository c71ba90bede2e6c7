// Where a run asks its heavy work to go: `auto` (the GPU when one is usable), `cpu` or `gpu`.
// The prover's choice is pipeline/backend_choice.hpp, the test setup's
// choose_setup_device (test_parameters.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace cuzk::prover {

enum class BackendKind : std::uint8_t { kAuto, kCpu, kGpu };

// "auto", "cpu" or "gpu".
inline std::optional<BackendKind> backend_kind_from_name(std::string_view name) {
  if (name == "auto") return BackendKind::kAuto;
  if (name == "cpu") return BackendKind::kCpu;
  if (name == "gpu") return BackendKind::kGpu;
  return std::nullopt;
}

}  // namespace cuzk::prover
