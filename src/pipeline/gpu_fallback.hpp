// What a run does when the GPU prover fails a sector: a GPU fault (FailureKind::kGpu, from
// kernels::CudaError: a failed launch, copy or allocation, a lost device) under `--backend auto`
// on a sector the CPU proves in reasonable time (at most kAutoCpuMaxSectorBytes) is proved again
// on the CPU, saying so; anything else fails the sector: any fault with `--backend gpu`, a 32 or
// 64 GiB sector (hours on the CPU: never silently), and every failure that is not a GPU fault (a
// witness that does not satisfy the circuit, a GPU too small for even the streaming plan, bad
// parameters), which the CPU would refuse too or which say something is wrong with the input.
// After a GPU fault the GPU prover is rebuilt for the next sector either way (sector_prover.hpp).
#pragma once

#include <cstdint>
#include <string>

#include "pipeline/backend_choice.hpp"
#include "pipeline/sector_job.hpp"

namespace cuzk::pipeline {

enum class GpuFailureAction : std::uint8_t { kFail, kProveOnCpu };

GpuFailureAction after_gpu_failure(const BackendChoice& choice, std::uint64_t sector_bytes,
                                   const SectorFailure& failure);

// The one line printed before proving on the CPU instead.
std::string cpu_fallback_line(const SectorFailure& failure);

}  // namespace cuzk::pipeline
