// What a run does when the GPU pipeline fails: a GPU fault (kernels::CudaError: a failed launch,
// copy or allocation, a lost device) under `--backend auto` on a sector the CPU proves in
// reasonable time (at most kAutoCpuMaxSectorBytes) is proved again on the CPU, saying so; anything
// else ends the run: any fault with `--backend gpu`, a 32 or 64 GiB sector (hours on the CPU: never
// silently), and every failure that is not a GPU fault (a witness that does not satisfy the
// circuit, a GPU too small for even the streaming plan, bad parameters), which the CPU would
// refuse too or which say something is wrong with the input.
#pragma once

#include <cstdint>
#include <exception>
#include <string>

#include "pipeline/backend_choice.hpp"

namespace cuzk::pipeline {

enum class GpuFailureAction : std::uint8_t { kFail, kProveOnCpu };

GpuFailureAction after_gpu_failure(const BackendChoice& choice, std::uint64_t sector_bytes,
                                   const std::exception& error);

// The one line printed before proving on the CPU instead.
std::string cpu_fallback_line(const std::exception& error);

}  // namespace cuzk::pipeline
