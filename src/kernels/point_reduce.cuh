// Sums of many XYZZ points: block-level tree reduction and the bitmap-driven batch addition
// (the sum of the bases whose scalar is exactly 1). Internal to the kernels folder.
#pragma once

#include <cstdint>

#include "kernels/curve.cuh"
#include "kernels/device_memory.cuh"

namespace cuzk::kernels::detail {

// 128 threads keep a block's XYZZ points within 48 KiB of shared memory for G2 (384 B each).
inline constexpr unsigned kReduceThreads = 128;

// Block b sums in[b*per_block ... min((b+1)*per_block, n)) into out[b].
template <class F>
__global__ void reduce_blocks_kernel(const DeviceXyzz<F>* in, std::size_t n, std::size_t per_block,
                                     DeviceXyzz<F>* out) {
  __shared__ DeviceXyzz<F> partial[kReduceThreads];
  const std::size_t begin = static_cast<std::size_t>(blockIdx.x) * per_block;
  const std::size_t end = begin + per_block < n ? begin + per_block : n;
  DeviceXyzz<F> acc = DeviceXyzz<F>::infinity();
  for (std::size_t i = begin + threadIdx.x; i < end; i += blockDim.x) acc.add(in[i]);
  partial[threadIdx.x] = acc;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) partial[threadIdx.x].add(partial[threadIdx.x + stride]);
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = partial[0];
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

// Thread t sums the bases selected by bitmap words [t*words_per_thread, ...) into partials[t].
template <class F>
__global__ void batch_add_kernel(const DeviceAffine<F>* bases, const std::uint64_t* bitmap,
                                 std::size_t words, std::size_t words_per_thread,
                                 DeviceXyzz<F>* partials) {
  const std::size_t t = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const std::size_t begin = t * words_per_thread;
  const std::size_t end = begin + words_per_thread < words ? begin + words_per_thread : words;
  DeviceXyzz<F> acc = DeviceXyzz<F>::infinity();
  for (std::size_t w = begin; w < end; ++w) {
    std::uint64_t bits = bitmap[w];
    while (bits != 0) {
      const int b = __ffsll(static_cast<long long>(bits)) - 1;
      bits &= bits - 1;
      acc.add_affine(bases[w * 64 + b]);
    }
  }
  partials[t] = acc;
}

// The sum of the selected bases, left in *result (device memory).
template <class F>
void batch_add(const DeviceAffine<F>* bases, const std::uint64_t* bitmap, std::size_t words,
               DeviceXyzz<F>* result, cudaStream_t stream) {
  constexpr unsigned kThreads = 128;
  constexpr std::size_t kMaxThreads = std::size_t{1} << 16;  // about 500 per SM on an H200
  const std::size_t threads = words < kMaxThreads ? (words == 0 ? 1 : words) : kMaxThreads;
  const std::size_t words_per_thread = (words + threads - 1) / threads;
  const std::size_t launched = blocks_for(threads, kThreads) * std::size_t{kThreads};
  StreamBuffer<DeviceXyzz<F>> partials(launched, stream);
  batch_add_kernel<F><<<blocks_for(threads, kThreads), kThreads, 0, stream>>>(
      bases, bitmap, words, words_per_thread, partials.data());
  CUZK_CUDA_CHECK_LAUNCH();
  constexpr std::size_t kSecondLevel = 256;
  StreamBuffer<DeviceXyzz<F>> level(kSecondLevel, stream);
  reduce_segments<F>(partials.data(), launched, kSecondLevel, level.data(), stream);
  reduce_segments<F>(level.data(), kSecondLevel, 1, result, stream);
  // The temporaries are freed in stream order when this returns, after the work above.
}

}  // namespace cuzk::kernels::detail
