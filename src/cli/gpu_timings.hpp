// A GPU sector's report (pipeline/gpu_sector_prover.hpp) in a run's timing report: its phases,
// every partition's device times and the totals. Only in CUDA builds.
#pragma once

#ifdef CUZK_HAVE_CUDA

#include "cli/timings.hpp"
#include "pipeline/gpu_sector_prover.hpp"

namespace cuzk::cli {

void add_gpu_timings(const pipeline::GpuSectorReport& report, TimingReport& timings);

}  // namespace cuzk::cli

#endif  // CUZK_HAVE_CUDA
