// The GPU memory plan of a run: resident parameters when everything fits, else the largest slices
// that fit (a multiple of 64 points, the streamed buffers within what is available), else one line
// naming what is needed and what is available. The 32 GiB numbers are a real partition's.
#include <doctest/doctest.h>

#include <string>

#include "kernels/groth16/parameter_bases.hpp"
#include "pipeline/gpu_memory_plan.hpp"
#include "util/error.hpp"

namespace {

using cuzk::pipeline::GpuMemoryNeeds;
using cuzk::pipeline::GpuMemoryPlan;
using cuzk::pipeline::plan_gpu_memory;

constexpr std::size_t kGiB = std::size_t{1} << 30;

// A 32 GiB partition: h, l, a, b_g1, b_g2 as in its .params; 328 inputs, ONE the only one in B.
GpuMemoryNeeds partition_32gib() {
  GpuMemoryNeeds n;
  n.points = {134217727, 130169893, 129753620, 33112282, 33112282};
  n.origins = {0, 0, 328, 1, 1};
  n.shape_bytes = 8 * kGiB;
  n.work_bytes = 23 * kGiB;
  return n;
}

}  // namespace

TEST_CASE("GPU memory plan: resident when the parameters fit beside the shape and the work") {
  const GpuMemoryNeeds n = partition_32gib();
  const std::size_t resident = cuzk::kernels::ParameterBases::resident_bytes(n.points);
  // 427,253,522 G1 points of 96 bytes and 33,112,282 G2 points of 192.
  CHECK(resident == 47'373'896'256);
  const GpuMemoryPlan plan = plan_gpu_memory(n, 139 * kGiB);
  CHECK(plan.resident);
  CHECK(plan.planned_bytes ==
        resident + n.shape_bytes + n.work_bytes + cuzk::pipeline::kGpuHeadroomBytes);
}

TEST_CASE("GPU memory plan: streamed slices that fit when the parameters do not") {
  const GpuMemoryNeeds n = partition_32gib();
  for (const std::size_t available : {60 * kGiB, 48 * kGiB, 40 * kGiB}) {
    INFO((available / kGiB) << " GiB");
    const GpuMemoryPlan plan = plan_gpu_memory(n, available);
    CHECK_FALSE(plan.resident);
    CHECK(plan.slice_points % 64 == 0);
    CHECK(plan.slice_points >= cuzk::pipeline::kMinSlicePoints);
    CHECK(plan.planned_bytes <= available);
    // The next larger slice would not have fitted, unless the slices already hold whole queries.
    const std::size_t fixed = n.shape_bytes + n.work_bytes + cuzk::pipeline::kGpuHeadroomBytes;
    const bool whole_queries = plan.slice_points >= n.points[0];
    const std::size_t larger =
        cuzk::kernels::ParameterBases::streamed_bytes(n.points, n.origins, plan.slice_points + 64);
    CHECK((whole_queries || fixed + larger > available));
    CHECK(whole_queries == (available == 60 * kGiB));
  }
}

TEST_CASE("GPU memory plan: a GPU too small even for slices is one line with both numbers") {
  const GpuMemoryNeeds n = partition_32gib();
  try {
    (void)plan_gpu_memory(n, 24 * kGiB);
    FAIL("a 24 GiB budget was accepted for a 32 GiB partition");
  } catch (const cuzk::Error& e) {
    const std::string what = e.what();
    CHECK(what.find("GPU memory: proving this circuit needs at least 32.") == 0);
    CHECK(what.find("24.0 GiB available") != std::string::npos);
    CHECK(what.find('\n') == std::string::npos);
  }
}
