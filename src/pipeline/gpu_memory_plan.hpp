// How the GPU's memory is spent on one run, in tiers: the recorded shape and a partition's work
// always; then the parameters, all resident when they fit, else as many queries resident as fit
// (H first: it is the one dense MSM of a partition) and the others streamed in the largest slices
// that fit; and a partition's quotient in four vectors of its domain, or in three where the
// fourth would crowd out the parameters (kernels::QuotientVectors). Decided before anything is
// allocated, from the free memory the device reports (capped by --gpu-memory-limit), so a GPU
// too small for the smallest tier fails with one line naming both numbers instead of an
// out-of-memory error halfway through.
#pragma once

#include <array>
#include <cstddef>
#include <string>

#include "kernels/groth16/groth16_inputs.hpp"
#include "kernels/groth16/parameter_bases.hpp"
#include "kernels/groth16/work_memory.hpp"
#include "prover/params/parameters.hpp"

namespace cuzk::pipeline {

struct GpuMemoryNeeds {
  std::array<std::size_t, kernels::kQueryCount> points{};   // h, l, a, b_g1, b_g2
  std::array<std::size_t, kernels::kQueryCount> origins{};  // where each query's aux part starts
  std::size_t shape_bytes = 0;                              // the recorded matrices on the device
  kernels::PartitionWorkBytes work;                         // kernels::partition_work_bytes
};

struct GpuMemoryPlan {
  using Residency = kernels::ParameterBases::Residency;
  Residency resident = kernels::ParameterBases::kAllResident;
  std::size_t slice_points = 0;  // the streamed queries'
  kernels::QuotientVectors vectors = kernels::QuotientVectors::kFour;
  std::size_t planned_bytes = 0;
  // The streamed queries' tails gathered from the parameters in page-locked host memory
  // (PinnedParameters) rather than from their streamed slices.
  bool tails_from_host = false;
  // Parameter bytes uploaded again for every partition: the streamed queries', or with the tails
  // from host memory only H's (its MSM is dense; the others are read in full only for a sector's
  // batch of ones, streamed_bytes_per_sector).
  std::size_t streamed_bytes_per_partition = 0;
  std::size_t streamed_bytes_per_sector = 0;

  bool all_resident() const { return resident == kernels::ParameterBases::kAllResident; }
};

// What a circuit whose parameters have these lengths needs, from bounds (the plan comes before
// the shape is recorded): the domain is the h vector's length + 1; the inputs present in B, whose
// points come first in B, are at most all inputs; the recorded shape takes three row-offset
// arrays and at most six terms of eight bytes a row (PoRep circuits have about 5.5), plus room
// for the coefficients.
GpuMemoryNeeds memory_needs(const prover::VectorLengths& lengths);

// Slices smaller than this make the streamed path pointlessly slow; below it the plan fails.
inline constexpr std::size_t kMinSlicePoints = std::size_t{1} << 20;
// Slices of at least this many points cost little more than whole queries: a query is made
// resident only where the streamed ones keep slices of this size.
inline constexpr std::size_t kGoodSlicePoints = std::size_t{1} << 24;
// Headroom for the CUDA context's own allocations, streams and small temporaries.
inline constexpr std::size_t kGpuHeadroomBytes = std::size_t{1} << 30;

// Device bytes of everything but the parameters: the shape, a partition's work at its peak with
// `vectors` vectors of the quotient and H's MSM over `h_points` bases (all of them, or a
// slice's), and the headroom.
std::size_t fixed_bytes(const GpuMemoryNeeds& needs, kernels::QuotientVectors vectors,
                        std::size_t h_points);

// The smallest budget any tier fits in: three vectors, every query streamed in the smallest
// slices.
std::size_t minimum_bytes(const GpuMemoryNeeds& needs);

// Throws cuzk::Error ("GPU memory: ... needs at least X GiB, Y GiB available") when even the
// smallest tier does not fit in `available` bytes. `tails_from_host`: the parameters are in
// page-locked host memory, so a streamed query other than H crosses PCIe once a sector (its
// batch of ones; a sector of one partition, or of more than a batch holds, still streams it
// every partition).
GpuMemoryPlan plan_gpu_memory(const GpuMemoryNeeds& needs, std::size_t available,
                              bool tails_from_host = false);

// The plan line's tier: "parameters resident, quotient in 4 vectors", or "h, b_g2 resident, l, a,
// b_g1 streamed in slices of N points, quotient in 3 vectors".
std::string describe_tier(const GpuMemoryPlan& plan);

// "12.3 GiB".
std::string format_gib(std::size_t bytes);

}  // namespace cuzk::pipeline
