// Sums of many XYZZ points: block-level tree reduction and the bitmap-driven batch addition
// (the sum of the bases whose scalar is exactly 1). Internal to the kernels folder.
#pragma once

#include <cub/cub.cuh>

#include <algorithm>
#include <cstdint>

#include "kernels/curve/curve.cuh"
#include "kernels/device/device_memory.cuh"
#include "util/error.hpp"

namespace cuzk::kernels::detail {

// 128 threads keep a block's XYZZ points within 48 KiB of shared memory for G2 (384 B each).
inline constexpr unsigned kReduceThreads = 128;

// The sum of every thread's `acc` in a block of kReduceThreads threads (a power of two), by a tree
// in shared memory; every thread of the block gets it. Call it from all of them.
template <class F>
__device__ DeviceXyzz<F> block_sum(const DeviceXyzz<F>& acc) {
  __shared__ DeviceXyzz<F> partial[kReduceThreads];
  partial[threadIdx.x] = acc;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) partial[threadIdx.x].add(partial[threadIdx.x + stride]);
    __syncthreads();
  }
  return partial[0];
}

// Block b sums in[b*per_block ... min((b+1)*per_block, n)) into out[b].
template <class F>
__global__ void reduce_blocks_kernel(const DeviceXyzz<F>* in, std::size_t n, std::size_t per_block,
                                     DeviceXyzz<F>* out) {
  const std::size_t begin = static_cast<std::size_t>(blockIdx.x) * per_block;
  const std::size_t end = begin + per_block < n ? begin + per_block : n;
  DeviceXyzz<F> acc = DeviceXyzz<F>::infinity();
  for (std::size_t i = begin + threadIdx.x; i < end; i += blockDim.x) acc.add(in[i]);
  const DeviceXyzz<F> sum = block_sum(acc);
  if (threadIdx.x == 0) out[blockIdx.x] = sum;
}

// Reduces n points to `segments` sums, one per contiguous slice (out has `segments` entries).
template <class F>
void reduce_segments(const DeviceXyzz<F>* in, std::size_t n, std::size_t segments,
                     DeviceXyzz<F>* out, cudaStream_t stream) {
  const std::size_t per_block = (n + segments - 1) / segments;
  reduce_blocks_kernel<F>
      <<<static_cast<unsigned>(segments), kReduceThreads, 0, stream>>>(in, n, per_block, out);
  CUZK_CUDA_CHECK_LAUNCH();
}

static __global__ void popcount_words_kernel(const std::uint64_t* words, std::size_t n,
                                             std::uint32_t* out) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) out[i] = static_cast<std::uint32_t>(__popcll(words[i]));
}

// prefix[w] = the set bits of words before word w (n entries); returns the total.
inline std::uint64_t prefix_counts(const std::uint64_t* words, std::size_t n, std::uint32_t* prefix,
                                   cudaStream_t stream) {
  constexpr unsigned kThreads = 256;
  if (n == 0) return 0;
  StreamBuffer<std::uint32_t> counts(n, stream);
  popcount_words_kernel<<<blocks_for(n, kThreads), kThreads, 0, stream>>>(words, n, counts.data());
  CUZK_CUDA_CHECK_LAUNCH();
  std::size_t temp_bytes = 0;
  CUZK_CUDA_CHECK(
      cub::DeviceScan::ExclusiveSum(nullptr, temp_bytes, counts.data(), prefix, n, stream));
  {
    StreamBuffer<std::uint8_t> temp(temp_bytes, stream);
    CUZK_CUDA_CHECK(
        cub::DeviceScan::ExclusiveSum(temp.data(), temp_bytes, counts.data(), prefix, n, stream));
  }
  std::uint32_t last[2] = {};
  CUZK_CUDA_CHECK(cudaMemcpyAsync(&last[0], prefix + n - 1, 4, cudaMemcpyDeviceToHost, stream));
  CUZK_CUDA_CHECK(
      cudaMemcpyAsync(&last[1], counts.data() + n - 1, 4, cudaMemcpyDeviceToHost, stream));
  CUZK_CUDA_CHECK(cudaStreamSynchronize(stream));
  return std::uint64_t{last[0]} + last[1];
}

// The positions of the set bits of `bitmap`, in order: word w's from first[w] on.
static __global__ void bit_positions_kernel(const std::uint64_t* bitmap, std::size_t words,
                                            const std::uint32_t* first, std::uint32_t* out) {
  const std::size_t w = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (w >= words) return;
  std::uint64_t bits = bitmap[w];
  std::uint32_t at = first[w];
  while (bits != 0) {
    out[at++] = static_cast<std::uint32_t>(w * 64 + (__ffsll(static_cast<long long>(bits)) - 1));
    bits &= bits - 1;
  }
}

// Thread t of T sums the bases at list entries t, t + T, t + 2T, ... into partials[t]: a warp
// reads 32 neighbouring entries, whose points lie close together.
template <class F>
__global__ void sum_listed_kernel(const DeviceAffine<F>* bases, const std::uint32_t* positions,
                                  std::size_t n, DeviceXyzz<F>* partials) {
  const std::size_t t = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  DeviceXyzz<F> acc = DeviceXyzz<F>::infinity();
  for (std::size_t i = t; i < n; i += stride) acc.add_affine(bases[positions[i]]);
  partials[t] = acc;
}

// The sum of the selected bases, left in *result (device memory). The bitmap's set bits are
// listed first, so every thread adds the same number of points (within one): walking the bitmap
// itself left a warp waiting on its lane with the most set bits, and a grid larger than what fits
// at once ran in a second, mostly idle wave (the L query's 61.6 M points at 0.9 G additions/s,
// against 2.3 G/s in the MSM's buckets).
template <class F>
void batch_add(const DeviceAffine<F>* bases, const std::uint64_t* bitmap, std::size_t words,
               DeviceXyzz<F>* result, cudaStream_t stream) {
  constexpr unsigned kThreads = 128;
  if (words > (std::size_t{1} << 26)) throw Error("batch addition of 2^32 points or more");
  if (words == 0) {
    CUZK_CUDA_CHECK(cudaMemsetAsync(result, 0, sizeof(DeviceXyzz<F>), stream));  // infinity
    return;
  }
  StreamBuffer<std::uint32_t> first(words, stream);
  const std::size_t n = prefix_counts(bitmap, words, first.data(), stream);
  StreamBuffer<std::uint32_t> positions(std::max<std::size_t>(n, 1), stream);
  bit_positions_kernel<<<blocks_for(words, kThreads), kThreads, 0, stream>>>(
      bitmap, words, first.data(), positions.data());
  CUZK_CUDA_CHECK_LAUNCH();

  // As many threads as the device runs at once, at most one per 32 points.
  int device = 0, sms = 0, blocks_per_sm = 0;
  CUZK_CUDA_CHECK(cudaGetDevice(&device));
  CUZK_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  CUZK_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &blocks_per_sm, sum_listed_kernel<F>, static_cast<int>(kThreads), 0));
  const std::size_t resident =
      static_cast<std::size_t>(std::max(sms, 1)) * std::max(blocks_per_sm, 1) * kThreads;
  const std::size_t threads = std::max<std::size_t>(1, std::min(resident, (n + 31) / 32));
  const std::size_t launched = blocks_for(threads, kThreads) * std::size_t{kThreads};
  StreamBuffer<DeviceXyzz<F>> partials(launched, stream);
  sum_listed_kernel<F><<<blocks_for(threads, kThreads), kThreads, 0, stream>>>(
      bases, positions.data(), n, partials.data());
  CUZK_CUDA_CHECK_LAUNCH();
  constexpr std::size_t kSecondLevel = 256;
  StreamBuffer<DeviceXyzz<F>> level(kSecondLevel, stream);
  reduce_segments<F>(partials.data(), launched, kSecondLevel, level.data(), stream);
  reduce_segments<F>(level.data(), kSecondLevel, 1, result, stream);
  // The temporaries are freed in stream order when this returns, after the work above.
}

}  // namespace cuzk::kernels::detail
