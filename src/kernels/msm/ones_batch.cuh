// The sums of the bases whose scalar is 1, for the witnesses of several partitions at once.
// Internal to the kernels folder.
//
// Most of a PoRep witness is bits, so each of the queries L, A and B adds up, per partition, about
// half of its points (L: 61.6 M of 130 M at 32 GiB). The partitions of a sector share the bases:
// a point whose bit is set in partitions {k : bit k of P} belongs to pattern P, so the sum of each
// pattern's points (one bucket a pattern, 2^count - 1 of them) costs one addition a point for all
// the partitions together, and partition k's sum is that of the buckets whose pattern holds k.
// At 32 GiB, L's ten partitions add up at most 130 M points instead of 616 M.
#pragma once

#include <cub/cub.cuh>

#include <algorithm>
#include <cstdint>

#include "kernels/curve/curve.cuh"
#include "kernels/device/device_memory.cuh"
#include "kernels/msm/bucket_accumulation.cuh"
#include "kernels/msm/point_reduce.cuh"
#include "util/error.hpp"

namespace cuzk::kernels::detail {

// The key of point i of the chunk: its pattern - 1 over `count` bitmaps of `stride` words (bit
// first_bit + i of each), or `zero_key` when no bitmap has the bit.
static __global__ void ones_pattern_kernel(const std::uint64_t* bitmaps, std::size_t stride,
                                           int count, std::size_t first_bit, std::size_t n,
                                           std::uint32_t zero_key, std::uint32_t* keys,
                                           std::uint32_t* values) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const std::size_t bit = first_bit + i;
  std::uint32_t pattern = 0;
  for (int k = 0; k < count; ++k) {
    pattern |= static_cast<std::uint32_t>((bitmaps[k * stride + bit / 64] >> (bit % 64)) & 1) << k;
  }
  keys[i] = pattern == 0 ? zero_key : pattern - 1;
  values[i] = static_cast<std::uint32_t>(i);
}

// Block k adds into sums[k] the buckets (keys 0 .. patterns - 1) whose pattern holds partition k.
// Launched with kReduceThreads threads a block.
template <class F>
__global__ void pattern_sums_kernel(const DeviceXyzz<F>* buckets, std::uint32_t patterns,
                                    DeviceXyzz<F>* sums) {
  const std::uint32_t k = blockIdx.x;
  DeviceXyzz<F> acc = DeviceXyzz<F>::infinity();
  for (std::uint32_t key = threadIdx.x; key < patterns; key += blockDim.x) {
    if (((key + 1) >> k) & 1) acc.add(buckets[key]);
  }
  const DeviceXyzz<F> sum = block_sum(acc);
  if (threadIdx.x == 0) sums[k].add(sum);
}

// Adds to sums[k], for k < count, the sum of the points bases[0 .. n) whose bit is set in bitmap
// k (bit first_bit + i for point i; bitmap k starts at word k * stride of `bitmaps`).
template <class F>
void add_ones_sums(const DeviceAffine<F>* bases, std::size_t n, const std::uint64_t* bitmaps,
                   std::size_t stride, std::size_t first_bit, int count, DeviceXyzz<F>* sums,
                   cudaStream_t stream) {
  if (count < 1 || count > kMaxOnesBatch) {
    throw Error("ones batch of " + std::to_string(count) + " partitions (1 to " +
                std::to_string(kMaxOnesBatch) + ")");
  }
  if (n == 0) return;
  constexpr unsigned kThreads = 256;
  const std::uint32_t patterns = (1u << count) - 1;  // the zero key sorts after them
  const std::size_t chunk = std::min(n, kOnesChunk);
  StreamBuffer<std::uint32_t> keys(chunk, stream), values(chunk, stream),
      sorted_keys(chunk, stream), sorted_values(chunk, stream);
  StreamBuffer<DeviceXyzz<F>> buckets(patterns, stream);
  BucketAccumulator<F> accumulator(chunk, patterns, stream);
  std::size_t sort_bytes = 0;
  CUZK_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(
      nullptr, sort_bytes, keys.data(), sorted_keys.data(), values.data(), sorted_values.data(),
      static_cast<int>(chunk), 0, count, stream));
  StreamBuffer<std::uint8_t> sort_temp(sort_bytes, stream);
  for (std::size_t first = 0; first < n; first += chunk) {
    const std::size_t m = std::min(chunk, n - first);
    ones_pattern_kernel<<<blocks_for(m, kThreads), kThreads, 0, stream>>>(
        bitmaps, stride, count, first_bit + first, m, patterns, keys.data(), values.data());
    CUZK_CUDA_CHECK_LAUNCH();
    std::size_t bytes = sort_bytes;
    CUZK_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(
        sort_temp.data(), bytes, keys.data(), sorted_keys.data(), values.data(),
        sorted_values.data(), static_cast<int>(m), 0, count, stream));
    buckets.fill_bytes(0, stream);  // infinity, for the patterns this chunk lacks
    accumulator.accumulate(bases + first, sorted_keys.data(), sorted_values.data(), m, patterns,
                           buckets.data(), stream);
    pattern_sums_kernel<F><<<static_cast<unsigned>(count), kReduceThreads, 0, stream>>>(
        buckets.data(), patterns, sums);
    CUZK_CUDA_CHECK_LAUNCH();
  }
}

}  // namespace cuzk::kernels::detail
