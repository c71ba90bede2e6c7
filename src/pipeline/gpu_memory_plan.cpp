#include "pipeline/gpu_memory_plan.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <optional>
#include <utility>

#include "kernels/groth16/parameter_bases.hpp"
#include "util/error.hpp"

namespace cuzk::pipeline {

namespace {

using kernels::ParameterBases;
using kernels::Query;
using kernels::QuotientVectors;
using Residency = ParameterBases::Residency;

// The order in which queries are made resident: H, whose MSM is dense, first; then by size.
constexpr std::array<Query, kernels::kQueryCount> kResidencyOrder = {
    Query::kH, Query::kL, Query::kA, Query::kBG2, Query::kBG1};

std::size_t streamed_total(const GpuMemoryNeeds& needs, const Residency& resident) {
  return ParameterBases::resident_bytes(needs.points) -
         ParameterBases::resident_bytes(needs.points, resident);
}

// H's points, where H is streamed: what crosses PCIe every partition with the tails from host.
std::size_t streamed_h(const GpuMemoryNeeds& needs, const Residency& resident) {
  Residency only_h = ParameterBases::kNoneResident;
  only_h[static_cast<int>(Query::kH)] = !resident[static_cast<int>(Query::kH)];
  return ParameterBases::resident_bytes(needs.points, only_h);
}

// Fills in what the plan's streamed queries cost.
GpuMemoryPlan with_streaming(GpuMemoryPlan plan, const GpuMemoryNeeds& needs,
                             bool tails_from_host) {
  const std::size_t total = streamed_total(needs, plan.resident);
  plan.tails_from_host = tails_from_host && total != 0;
  plan.streamed_bytes_per_partition =
      plan.tails_from_host ? streamed_h(needs, plan.resident) : total;
  plan.streamed_bytes_per_sector = total - plan.streamed_bytes_per_partition;
  return plan;
}

std::size_t total_bytes(const GpuMemoryNeeds& needs, QuotientVectors vectors,
                        const Residency& resident, std::size_t slice) {
  const std::size_t h_points = resident[0] ? needs.points[0] : std::min(slice, needs.points[0]);
  return fixed_bytes(needs, vectors, h_points) +
         ParameterBases::resident_bytes(needs.points, resident) +
         ParameterBases::streamed_bytes(needs.points, needs.origins, slice, resident);
}

// The largest slice (a multiple of 64 points) whose buffers fit beside `resident`; no slice
// needs to be larger than the largest query. None when even the smallest does not fit.
std::optional<GpuMemoryPlan> streamed_plan(const GpuMemoryNeeds& needs, QuotientVectors vectors,
                                           const Residency& resident, std::size_t available,
                                           bool tails_from_host) {
  const auto plan = [&](std::size_t slice) {
    GpuMemoryPlan p;
    p.resident = resident;
    p.slice_points = slice;
    p.vectors = vectors;
    p.planned_bytes = total_bytes(needs, vectors, resident, slice);
    return with_streaming(p, needs, tails_from_host);
  };
  const std::size_t largest_query = *std::max_element(needs.points.begin(), needs.points.end());
  std::size_t lo = kMinSlicePoints;
  std::size_t hi = std::max((largest_query + 63) / 64 * 64, kMinSlicePoints);
  if (total_bytes(needs, vectors, resident, lo) > available) return std::nullopt;
  if (total_bytes(needs, vectors, resident, hi) <= available) return plan(hi);
  while (hi - lo > 64) {
    const std::size_t mid = (lo + (hi - lo) / 2) / 64 * 64;
    if (mid <= lo) break;
    if (total_bytes(needs, vectors, resident, mid) <= available) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return plan(lo);
}

// Queries made resident in kResidencyOrder while the streamed ones keep good slices.
Residency resident_queries(const GpuMemoryNeeds& needs, QuotientVectors vectors,
                           std::size_t available) {
  Residency resident = ParameterBases::kNoneResident;
  for (const Query q : kResidencyOrder) {
    Residency trial = resident;
    trial[static_cast<int>(q)] = true;
    if (total_bytes(needs, vectors, trial, kGoodSlicePoints) <= available) resident = trial;
  }
  return resident;
}

}  // namespace

std::string format_gib(std::size_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f GiB", static_cast<double>(bytes) / (1024.0 * 1024 * 1024));
  return text;
}

GpuMemoryNeeds memory_needs(const prover::VectorLengths& lengths) {
  constexpr std::size_t kShapeBytesPerRow = 3 * 4 + 6 * 8;
  constexpr std::size_t kCoefficientRoom = std::size_t{16} << 20;
  GpuMemoryNeeds needs;
  needs.points = {lengths.h, lengths.l, lengths.a, lengths.b_g1, lengths.b_g2};
  needs.origins = {0, 0, lengths.ic, lengths.ic, lengths.ic};
  const std::size_t domain = lengths.h + 1;
  needs.shape_bytes = domain * kShapeBytesPerRow + kCoefficientRoom;
  needs.work = kernels::partition_work_bytes(domain);
  return needs;
}

std::size_t fixed_bytes(const GpuMemoryNeeds& needs, QuotientVectors vectors,
                        std::size_t h_points) {
  const std::size_t quotient = static_cast<std::size_t>(vectors) * needs.work.vector;
  const std::size_t h_msm = needs.work.vector + kernels::h_msm_bytes(h_points);
  return needs.shape_bytes + needs.work.held + std::max(quotient, h_msm) + kGpuHeadroomBytes;
}

std::size_t minimum_bytes(const GpuMemoryNeeds& needs) {
  return total_bytes(needs, QuotientVectors::kThree, ParameterBases::kNoneResident,
                     kMinSlicePoints);
}

GpuMemoryPlan plan_gpu_memory(const GpuMemoryNeeds& needs, std::size_t available,
                              bool tails_from_host) {
  const std::size_t resident = ParameterBases::resident_bytes(needs.points);
  for (const QuotientVectors vectors : {QuotientVectors::kFour, QuotientVectors::kThree}) {
    const std::size_t total = fixed_bytes(needs, vectors, needs.points[0]) + resident;
    if (total <= available) {
      GpuMemoryPlan plan;
      plan.vectors = vectors;
      plan.planned_bytes = total;
      return plan;
    }
  }
  // The tier that uploads the fewest bytes a partition, then a sector; on a tie, four vectors (no
  // evaluation repeated). Three vectors fit wherever four do, so they are the last resort.
  const auto cost = [](const GpuMemoryPlan& p) {
    return std::pair{p.streamed_bytes_per_partition, p.streamed_bytes_per_sector};
  };
  std::optional<GpuMemoryPlan> best;
  for (const QuotientVectors vectors : {QuotientVectors::kFour, QuotientVectors::kThree}) {
    const std::optional<GpuMemoryPlan> plan = streamed_plan(
        needs, vectors, resident_queries(needs, vectors, available), available, tails_from_host);
    if (plan && (!best || cost(*plan) < cost(*best))) best = plan;
  }
  if (best) return *best;
  throw Error("GPU memory: proving this circuit needs at least " +
              format_gib(minimum_bytes(needs)) + " on the GPU (parameters streamed in slices; " +
              format_gib(fixed_bytes(needs, QuotientVectors::kFour, needs.points[0]) + resident) +
              " with them resident), " + format_gib(available) + " available");
}

std::string describe_tier(const GpuMemoryPlan& plan) {
  const std::string quotient =
      ", quotient in " + std::to_string(static_cast<int>(plan.vectors)) + " vectors";
  if (plan.all_resident()) return "parameters resident" + quotient;
  std::string resident, streamed;
  for (int i = 0; i < kernels::kQueryCount; ++i) {
    std::string& list = plan.resident[i] ? resident : streamed;
    list += (list.empty() ? "" : ", ") + std::string(kernels::query_name(static_cast<Query>(i)));
  }
  return (resident.empty() ? "" : resident + " resident, ") + streamed + " streamed in slices of " +
         std::to_string(plan.slice_points) + " points" + quotient;
}

}  // namespace cuzk::pipeline
