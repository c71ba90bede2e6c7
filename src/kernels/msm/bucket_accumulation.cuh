// Sums of sorted (bucket, point) pairs into their buckets: the step Pippenger's method repeats
// for every window, and the batch of ones' sums (ones_batch.cuh) runs once per query. Internal to
// the kernels folder.
//
// Thread t sums the points at sorted positions [t * kRange, (t + 1) * kRange), whichever buckets
// they fall in, so every thread does the same number of additions (fixed chunks of one bucket left
// warps waiting on their longest chunk: at 2^27 points and 2^21 buckets a window, a quarter of the
// lanes idled). A bucket wholly inside a range is final; the first and last bucket a range touches
// may go on in the neighbouring ranges, so their sums are merged by bucket (run-length encoded,
// then summed in chunks of at most kChunk until one value per bucket remains, so that one bucket
// holding every point is spread over many threads).
#pragma once

#include <cub/cub.cuh>

#include <algorithm>
#include <cstdint>

#include "kernels/curve/curve.cuh"
#include "kernels/device/device_memory.cuh"
#include "kernels/msm/msm_memory.hpp"

namespace cuzk::kernels::detail {

inline constexpr unsigned kBucketThreads = 128;
// A pair's value: the point's index, with this bit set when the point is added negated.
inline constexpr std::uint32_t kNegativeBit = 0x80000000u;

template <class T>
T read_device_value(const T* p, cudaStream_t stream) {
  T v{};
  CUZK_CUDA_CHECK(cudaMemcpyAsync(&v, p, sizeof v, cudaMemcpyDeviceToHost, stream));
  CUZK_CUDA_CHECK(cudaStreamSynchronize(stream));
  return v;
}

// Chunk counts per run: ceil(count / kChunk).
static __global__ void chunk_counts_kernel(const std::uint32_t* counts, int runs,
                                           std::uint32_t* chunks) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= runs) return;
  chunks[r] = (counts[r] + kChunk - 1) / kChunk;
}

// The run holding chunk t: the last r with chunk_offsets[r] <= t.
__device__ __forceinline__ int run_of_chunk(const std::uint32_t* chunk_offsets, int runs,
                                            std::uint32_t t) {
  int lo = 0, hi = runs;  // invariant: chunk_offsets[lo] <= t < chunk_offsets[hi] (virtually)
  while (hi - lo > 1) {
    const int mid = (lo + hi) / 2;
    if (chunk_offsets[mid] <= t)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

// Thread t sums the signed bases at sorted positions [t * kRange, (t + 1) * kRange), stopping at
// the zero digits (they sort last). A bucket that starts and ends inside the range goes straight
// into `buckets`; the first bucket of the range goes to partial slot 2t and the last to slot 2t + 1
// (infinity there when the range holds one bucket). Keys ascend over the slots, so one bucket's
// partial sums are adjacent; ranges of zero digits write the zero key into both.
template <class F>
__global__ void bucket_ranges_kernel(const DeviceAffine<F>* bases, const std::uint32_t* keys,
                                     const std::uint32_t* values, std::size_t n,
                                     std::uint32_t zero_key, std::uint32_t ranges,
                                     DeviceXyzz<F>* buckets, std::uint32_t* partial_keys,
                                     DeviceXyzz<F>* partials) {
  const std::uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= ranges) return;
  const std::size_t begin = static_cast<std::size_t>(t) * kRange;
  const std::size_t end = min(begin + kRange, n);
  std::uint32_t key = keys[begin];
  if (key == zero_key) {
    partial_keys[2 * t] = zero_key;
    partial_keys[2 * t + 1] = zero_key;
    return;
  }
  DeviceXyzz<F> acc = DeviceXyzz<F>::infinity();
  bool first_written = false;
  for (std::size_t p = begin; p < end; ++p) {
    const std::uint32_t k = keys[p];
    if (k == zero_key) break;
    if (k != key) {
      if (first_written) {
        buckets[key] = acc;  // began and ended inside the range
      } else {
        partial_keys[2 * t] = key;
        partials[2 * t] = acc;
        first_written = true;
      }
      key = k;
      acc = DeviceXyzz<F>::infinity();
    }
    const std::uint32_t v = values[p];
    const DeviceAffine<F> base = bases[v & ~kNegativeBit];
    acc.add_affine((v & kNegativeBit) ? base.negated() : base);
  }
  if (!first_written) {
    partial_keys[2 * t] = key;
    partials[2 * t] = acc;
    acc = DeviceXyzz<F>::infinity();
  }
  partial_keys[2 * t + 1] = key;
  partials[2 * t + 1] = acc;
}

// One merge pass: chunk t sums up to kChunk consecutive partial sums of one run (bucket).
template <class F>
__global__ void merge_chunks_kernel(const DeviceXyzz<F>* in, const std::uint32_t* offsets,
                                    const std::uint32_t* counts, const std::uint32_t* chunk_offsets,
                                    int runs, std::uint32_t total_chunks, DeviceXyzz<F>* out) {
  const std::uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= total_chunks) return;
  const int r = run_of_chunk(chunk_offsets, runs, t);
  const std::uint32_t begin = offsets[r] + (t - chunk_offsets[r]) * kChunk;
  const std::uint32_t end = min(begin + kChunk, offsets[r] + counts[r]);
  DeviceXyzz<F> acc = DeviceXyzz<F>::infinity();
  for (std::uint32_t p = begin; p < end; ++p) acc.add(in[p]);
  out[t] = acc;
}

// Places each run's single remaining sum into its bucket.
template <class F>
__global__ void scatter_buckets_kernel(const DeviceXyzz<F>* sums, const std::uint32_t* run_keys,
                                       const std::uint32_t* offsets, int runs,
                                       DeviceXyzz<F>* buckets) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= runs) return;
  buckets[run_keys[r]] = sums[offsets[r]];
}

// The work buffers of the accumulation for up to `capacity` pairs and `max_buckets` buckets, kept
// from one call to the next (one per window of an MSM).
template <class F>
class BucketAccumulator {
 public:
  using Xyzz = DeviceXyzz<F>;

  BucketAccumulator(std::size_t capacity, std::uint32_t max_buckets, cudaStream_t stream)
      : partial_count_(2 * ranges_for(capacity)),
        partial_keys_(partial_count_, stream),
        run_keys_(partial_count_, stream),
        counts_(partial_count_, stream),
        offsets_(partial_count_, stream),
        chunks_(partial_count_, stream),
        chunk_offsets_(partial_count_, stream),
        num_runs_(1, stream),
        most_count_(1, stream),
        sums_a_(partial_count_, stream),
        sums_b_(max_runs(partial_count_, max_buckets) + partial_count_ / kChunk + 1, stream),
        temp_(temp_bytes(partial_count_, stream), stream) {}

  // Device bytes for `capacity` pairs and `max_buckets` buckets (msm_memory.hpp).
  static std::size_t bytes(std::size_t capacity, std::uint32_t max_buckets,
                           std::size_t xyzz_bytes) {
    return accumulation_bytes(capacity, max_buckets, xyzz_bytes);
  }

  // Writes into buckets[key] the sum of the points of every key that the n sorted pairs hold
  // (point values[i] & ~kNegativeBit of `bases`, negated when kNegativeBit is set), except
  // `zero_key`, which must sort last; buckets of keys that hold no point are left alone.
  void accumulate(const DeviceAffine<F>* bases, const std::uint32_t* keys,
                  const std::uint32_t* values, std::size_t n, std::uint32_t zero_key, Xyzz* buckets,
                  cudaStream_t stream) {
    if (n == 0) return;
    const std::size_t ranges = ranges_for(n);
    const int partials = static_cast<int>(2 * ranges);
    bucket_ranges_kernel<F><<<blocks_for(ranges, kBucketThreads), kBucketThreads, 0, stream>>>(
        bases, keys, values, n, zero_key, static_cast<std::uint32_t>(ranges), buckets,
        partial_keys_.data(), sums_a_.data());
    CUZK_CUDA_CHECK_LAUNCH();
    std::size_t bytes = temp_.size();
    CUZK_CUDA_CHECK(cub::DeviceRunLengthEncode::Encode(temp_.data(), bytes, partial_keys_.data(),
                                                       run_keys_.data(), counts_.data(),
                                                       num_runs_.data(), partials, stream));
    int runs = read_device_value(num_runs_.data(), stream);
    // The zero keys' run, if any, sorts last and holds nothing to sum.
    if (read_device_value(run_keys_.data() + runs - 1, stream) == zero_key) --runs;
    if (runs == 0) return;  // every key is the zero key
    bytes = temp_.size();
    CUZK_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(temp_.data(), bytes, counts_.data(),
                                                  offsets_.data(), runs, stream));
    bytes = temp_.size();
    CUZK_CUDA_CHECK(cub::DeviceReduce::Max(temp_.data(), bytes, counts_.data(), most_count_.data(),
                                           runs, stream));
    std::uint32_t most = read_device_value(most_count_.data(), stream);
    // Run r has counts[r] sums at offsets[r] of `current`; merge until one per run remains.
    Xyzz* current = sums_a_.data();
    Xyzz* next = sums_b_.data();
    while (most > 1) {
      chunk_counts_kernel<<<blocks_for(runs, kBucketThreads), kBucketThreads, 0, stream>>>(
          counts_.data(), runs, chunks_.data());
      CUZK_CUDA_CHECK_LAUNCH();
      bytes = temp_.size();
      CUZK_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(temp_.data(), bytes, chunks_.data(),
                                                    chunk_offsets_.data(), runs, stream));
      const std::uint32_t total_chunks =
          read_device_value(chunk_offsets_.data() + runs - 1, stream) +
          read_device_value(chunks_.data() + runs - 1, stream);
      merge_chunks_kernel<F>
          <<<blocks_for(total_chunks, kBucketThreads), kBucketThreads, 0, stream>>>(
              current, offsets_.data(), counts_.data(), chunk_offsets_.data(), runs, total_chunks,
              next);
      CUZK_CUDA_CHECK_LAUNCH();
      std::swap(current, next);
      std::swap(counts_, chunks_);  // a run's sums are now its chunks
      std::swap(offsets_, chunk_offsets_);
      most = (most + kChunk - 1) / kChunk;
    }
    scatter_buckets_kernel<F><<<blocks_for(runs, kBucketThreads), kBucketThreads, 0, stream>>>(
        current, run_keys_.data(), offsets_.data(), runs, buckets);
    CUZK_CUDA_CHECK_LAUNCH();
  }

 private:
  static std::size_t ranges_for(std::size_t n) { return accumulation_ranges(n); }
  static std::size_t max_runs(std::size_t partials, std::uint32_t max_buckets) {
    return accumulation_max_runs(partials, max_buckets);
  }
  // CUB's scratch for the largest of the run-length encoding, the scans and the maximum.
  std::size_t temp_bytes(std::size_t partials, cudaStream_t stream) {
    const int count = static_cast<int>(partials);
    std::size_t most = 0, bytes = 0;
    CUZK_CUDA_CHECK(cub::DeviceRunLengthEncode::Encode(nullptr, bytes, partial_keys_.data(),
                                                       run_keys_.data(), counts_.data(),
                                                       num_runs_.data(), count, stream));
    most = std::max(most, bytes);
    CUZK_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, bytes, counts_.data(), offsets_.data(),
                                                  count, stream));
    most = std::max(most, bytes);
    CUZK_CUDA_CHECK(
        cub::DeviceReduce::Max(nullptr, bytes, counts_.data(), most_count_.data(), count, stream));
    return std::max(most, bytes);
  }

  std::size_t partial_count_;
  StreamBuffer<std::uint32_t> partial_keys_, run_keys_, counts_, offsets_, chunks_, chunk_offsets_;
  StreamBuffer<int> num_runs_;
  StreamBuffer<std::uint32_t> most_count_;
  StreamBuffer<Xyzz> sums_a_, sums_b_;  // the partials, then the merge passes alternate
  StreamBuffer<std::uint8_t> temp_;
};

}  // namespace cuzk::kernels::detail
