// The sums of the parameters' query points that a partition's proof needs, slice by slice of the
// queries (parameter_bases.hpp). H: an MSM over the quotient's scalars. L, A, B_G1 and B_G2: the
// points whose witness value is 1 summed by batch addition from a bitmap, and the few others (the
// "tail": wide values and inputs) gathered with their values into a small MSM; a batch of
// partitions sums its ones together, one pattern bucket a point (ones_batch.cuh). Each adds into
// a device accumulator, on one stream, using one partial-sum slot. Internal to the kernels folder.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <span>

#include "kernels/curve/curve.cuh"
#include "kernels/groth16/parameter_bases.hpp"

namespace cuzk::kernels::detail {

// Values that pair with one query's points, for its tail MSM: value i pairs with the point of
// index[i] (ranked through `density` when given, bitmap_rank.cuh) plus base_offset.
struct TailSource {
  const std::uint64_t* index = nullptr;
  const DeviceFr* value = nullptr;  // Montgomery form
  std::size_t count = 0;
  const std::uint64_t* density = nullptr;
  const std::uint32_t* density_prefix = nullptr;
  std::size_t base_offset = 0;
};

// Adds the sum of query q's points times the witness into *acc: per slice of the query, the batch
// addition of the points whose value is 1 (bitmap `ones` of `ones_words` words, bit j for point
// origin + j; none when ones_words is 0) and the MSM of the tail sources' points. `tail_counter`:
// one device word of scratch; `tail_count` grows by the points of the tails' MSMs.
template <class F>
void query_sum(cudaStream_t stream, unsigned long long* tail_counter, ParameterBases& bases,
               Query q, std::size_t origin, const std::uint64_t* ones, std::size_t ones_words,
               std::span<const TailSource> tails, DeviceXyzz<F>* acc, DeviceXyzz<F>* part,
               std::size_t& tail_count);

// Adds to sums[k], for each partition k of a batch of `count`, the sum of query q's points whose
// value is 1 there: bitmap k starts at word k * stride of `ones`, has `bits` bits, and its bit j
// is point origin + j.
template <class F>
void batch_ones_sums(cudaStream_t stream, ParameterBases& bases, Query q, std::size_t origin,
                     const std::uint64_t* ones, std::size_t stride, std::size_t bits, int count,
                     DeviceXyzz<F>* sums);

// Adds H's points times the quotient's coefficients (canonical, not Montgomery: to_canonical)
// into *acc.
void h_query_sum(cudaStream_t stream, ParameterBases& bases, const DeviceFr* canonical,
                 DeviceG1Xyzz* acc, DeviceG1Xyzz* part);

}  // namespace cuzk::kernels::detail
