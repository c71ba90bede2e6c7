#include "pipeline/gpu_memory_plan.hpp"

#include <algorithm>
#include <cstdio>

#include "kernels/groth16/parameter_bases.hpp"
#include "util/error.hpp"

namespace cuzk::pipeline {

namespace {

std::size_t streamed_bytes(const GpuMemoryNeeds& needs, std::size_t slice) {
  return kernels::ParameterBases::streamed_bytes(needs.points, needs.origins, slice);
}

}  // namespace

std::string format_gib(std::size_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f GiB", static_cast<double>(bytes) / (1024.0 * 1024 * 1024));
  return text;
}

GpuMemoryPlan plan_gpu_memory(const GpuMemoryNeeds& needs, std::size_t available) {
  const std::size_t fixed = needs.shape_bytes + needs.work_bytes + kGpuHeadroomBytes;
  const std::size_t resident = kernels::ParameterBases::resident_bytes(needs.points);
  if (fixed + resident <= available) return {true, 0, fixed + resident};

  // Streamed: the largest slice (a multiple of 64 points) whose buffers fit; no slice needs to
  // be larger than the largest query.
  const std::size_t largest_query = *std::max_element(needs.points.begin(), needs.points.end());
  std::size_t lo = kMinSlicePoints;
  std::size_t hi = std::max((largest_query + 63) / 64 * 64, kMinSlicePoints);
  if (fixed + streamed_bytes(needs, lo) > available) {
    throw Error("GPU memory: proving this circuit needs at least " +
                format_gib(fixed + streamed_bytes(needs, lo)) +
                " on the GPU (parameters streamed in slices; " + format_gib(fixed + resident) +
                " with them resident), " + format_gib(available) + " available");
  }
  if (fixed + streamed_bytes(needs, hi) <= available)
    return {false, hi, fixed + streamed_bytes(needs, hi)};
  while (hi - lo > 64) {
    const std::size_t mid = (lo + (hi - lo) / 2) / 64 * 64;
    if (mid <= lo) break;
    if (fixed + streamed_bytes(needs, mid) <= available) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return {false, lo, fixed + streamed_bytes(needs, lo)};
}

}  // namespace cuzk::pipeline
