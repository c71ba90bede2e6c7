// Which prover a run uses. `gpu` is the GPU pipeline (gpu_sector_prover.hpp), an error when this
// build has no CUDA or no device is usable; `cpu` is the CPU prover (prover/seal/seal_prover.hpp);
// `auto` takes the GPU when a usable one is present, else the CPU, but only for sectors the CPU
// proves in reasonable time (never silently for 32 or 64 GiB).
#pragma once

#include <cstdint>
#include <future>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "kernels/device/device.hpp"
#include "prover/backend_kind.hpp"

namespace cuzk::pipeline {

// The largest sector `auto` proves on the CPU when there is no usable GPU (512 MiB: about 20 s on
// 16 cores; a 32 GiB sector would take hours).
inline constexpr std::uint64_t kAutoCpuMaxSectorBytes = std::uint64_t{512} << 20;

struct BackendChoice {
  bool gpu = false;
  bool automatic = false;      // chosen by `auto`: a GPU fault may fall back (gpu_fallback.hpp)
  std::string reason;          // one line for stderr: which and why
  kernels::Device device{-1};  // the GPU that proves, when gpu
};

// `devices`: the CUDA ordinals the run may use (empty: every device the process sees); the first
// usable one proves, and the reason names it (or, without one, why the first is not usable). Throws
// cuzk::Error with the reason when the kind cannot be honoured: gpu without a usable GPU, auto
// without one for a sector above kAutoCpuMaxSectorBytes.
BackendChoice choose_backend(prover::BackendKind kind, std::uint64_t sector_bytes,
                             std::span<const int> devices = {});

// When `kind` may choose the GPU (gpu, auto), starts its driver and context on a thread of their
// own (kernels::start_device), so that their few hundred milliseconds overlap the caller's reading
// of the C1 instead of delaying the parameter upload that follows choose_backend. Destroying the
// result waits for that thread; the start-up never fails it (choose_backend tells what is wrong).
std::future<void> start_gpu_early(prover::BackendKind kind, std::span<const int> devices = {});

}  // namespace cuzk::pipeline
