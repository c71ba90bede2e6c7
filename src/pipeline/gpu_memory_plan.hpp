// How the GPU's memory is spent on one run: the recorded shape and the quotient's work buffers
// always; the parameters resident when everything fits, else streamed in the largest slices that
// fit. Decided before anything is allocated, from the free memory the device reports (capped by
// --gpu-memory-limit), so a GPU too small even for the streaming path fails with one line naming
// both numbers instead of an out-of-memory error halfway through.
#pragma once

#include <array>
#include <cstddef>
#include <string>

#include "kernels/groth16/groth16_inputs.hpp"

namespace cuzk::pipeline {

struct GpuMemoryNeeds {
  std::array<std::size_t, kernels::kQueryCount> points{};   // h, l, a, b_g1, b_g2
  std::array<std::size_t, kernels::kQueryCount> origins{};  // where each query's aux part starts
  std::size_t shape_bytes = 0;                              // the recorded matrices on the device
  std::size_t work_bytes = 0;  // quotient buffers and the largest MSM scratch
};

struct GpuMemoryPlan {
  bool resident = true;
  std::size_t slice_points = 0;  // when streamed
  std::size_t planned_bytes = 0;
};

// Slices smaller than this make the streamed path pointlessly slow; below it the plan fails.
inline constexpr std::size_t kMinSlicePoints = std::size_t{1} << 20;
// Headroom for the CUDA context's own allocations, streams and small temporaries.
inline constexpr std::size_t kGpuHeadroomBytes = std::size_t{1} << 30;

// Throws cuzk::Error ("GPU memory: ... needs at least X GiB, Y GiB available") when even the
// smallest slices do not fit in `available` bytes.
GpuMemoryPlan plan_gpu_memory(const GpuMemoryNeeds& needs, std::size_t available);

// "12.3 GiB".
std::string format_gib(std::size_t bytes);

}  // namespace cuzk::pipeline
