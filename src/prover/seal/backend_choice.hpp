// The prover backend, chosen once per call. `auto` means the CPU for now; `gpu` is the CUDA
// backend in CUDA builds (an error when no device is usable) and an error in builds without CUDA,
// never a silent fallback to the CPU.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>

#include "prover/backend.hpp"

namespace cuzk::prover::seal {

enum class BackendKind : std::uint8_t { kAuto, kCpu, kGpu };

// "auto", "cpu" or "gpu".
std::optional<BackendKind> backend_kind_from_name(std::string_view name);

// Throws cuzk::Error for kGpu without a usable GPU: "GPU backend not available in this build
// (built without CUDA)", or the CUDA backend's "no CUDA device" message.
std::unique_ptr<ProverBackend> make_backend(BackendKind kind);

}  // namespace cuzk::prover::seal
