// Pippenger's bucket method on the GPU, written once for G1 (F = DeviceFp) and G2 (DeviceFp2).
//
// Scalars are recoded into signed digits: a window of c bits takes d in [-2^(c-1), 2^(c-1)], so it
// needs only 2^(c-1) buckets and a negative digit adds the negated point. A window size c asks for
// ceil(256 / c) windows, and their widths are then evened out (WindowPlan): 12 windows cover 256
// bits with 8 of 21 bits and 4 of 22, a third fewer buckets than 12 of 22. Per window:
//   1. digits_kernel writes (bucket, point index | sign << 31) for every point; zero digits get
//      the key 2^(width-1), which sorts last and is skipped;
//   2. CUB radix-sorts the pairs by bucket;
//   3. the sorted pairs are summed into the window's buckets (BucketAccumulator, in
//      bucket_accumulation.cuh: equal ranges of points a thread, partial sums merged by bucket);
// then all windows' buckets are combined by segmented running sums and Horner's rule.
#pragma once

#include <cub/cub.cuh>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <string>

#include "kernels/curve/curve.cuh"
#include "kernels/device/device_memory.cuh"
#include "kernels/device/staged_upload.hpp"
#include "kernels/msm/bucket_accumulation.cuh"
#include "kernels/msm/msm.hpp"
#include "kernels/msm/msm_memory.hpp"
#include "kernels/msm/point_reduce.cuh"
#include "util/error.hpp"

namespace cuzk::kernels::detail {

inline constexpr unsigned kThreads = 128;
inline constexpr int kMaxWindows = kScalarBits / 2;  // c >= 2

// The windows of the signed recoding for a requested width c: as many as c-bit windows would
// need, ceil(256 / c), with widths that differ by at most one bit (the wider ones lowest). Every
// window's digits cost one addition a point whatever its width, so only the count matters to the
// bucket phase; the buckets, 2^(width - 1) a window, and the reduction over them shrink. The top
// window never carries out: scalars are below 2^255, so its raw value is below half its range.
struct WindowPlan {
  int count = 0;
  std::uint8_t width[kMaxWindows] = {};
  std::uint16_t offset[kMaxWindows] = {};            // first scalar bit of the window
  std::uint32_t first_bucket[kMaxWindows + 1] = {};  // window w's buckets in the shared array

  __host__ __device__ std::uint32_t buckets(int w) const { return 1u << (width[w] - 1); }
  std::uint32_t total_buckets() const { return first_bucket[count]; }
  std::uint32_t most_buckets() const { return buckets(0); }
};

inline WindowPlan plan_windows(int c) {
  const WindowCounts counts = window_counts(c);
  WindowPlan plan;
  plan.count = counts.count;
  int offset = 0;
  for (int w = 0; w < plan.count; ++w) {
    plan.width[w] = static_cast<std::uint8_t>(counts.narrow + (w < counts.wide ? 1 : 0));
    plan.offset[w] = static_cast<std::uint16_t>(offset);
    plan.first_bucket[w + 1] = plan.first_bucket[w] + plan.buckets(w);
    offset += plan.width[w];
  }
  return plan;
}

struct DeviceScalar {
  std::uint64_t limb[4];
};

__device__ __forceinline__ bool is_one(const DeviceScalar& s) {
  return s.limb[0] == 1 && (s.limb[1] | s.limb[2] | s.limb[3]) == 0;
}

// Bits [offset, offset + c) of the scalar (c <= 32).
__device__ __forceinline__ std::uint32_t scalar_bits(const DeviceScalar& s, int offset, int c) {
  if (offset >= kScalarBits) return 0;
  const int limb = offset / 64;
  const int shift = offset % 64;
  std::uint64_t v = s.limb[limb] >> shift;
  if (shift + c > 64 && limb + 1 < 4) v |= s.limb[limb + 1] << (64 - shift);
  return static_cast<std::uint32_t>(v) & ((1u << c) - 1);
}

// Bit i of the bitmap is set iff scalar i is exactly 1. One warp writes one 32-bit half-word.
static __global__ void ones_bitmap_kernel(const DeviceScalar* scalars, std::size_t n,
                                          std::uint32_t* bitmap_words) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const bool one = i < n && is_one(scalars[i]);
  const unsigned ballot = __ballot_sync(0xffffffffu, one);
  if ((threadIdx.x & 31) == 0 && i < n) bitmap_words[i / 32] = ballot;
}

// Bit w of carries[i]: the carry into window w of scalar i's signed recoding. The recoding runs
// from the lowest window up, so without this every window would redo all the windows below it
// (at 2^27 points and 13 windows that was 43 ms of an MSM's digits; 4.3 GB of scalars are read
// per window either way).
static __global__ void carries_kernel(const DeviceScalar* scalars, std::size_t n,
                                      const WindowPlan plan, std::uint32_t* carries) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const DeviceScalar s = scalars[i];
  std::uint32_t carry = 0, mask = 0;
  for (int w = 0; w < plan.count; ++w) {
    mask |= carry << w;
    carry = scalar_bits(s, plan.offset[w], plan.width[w]) + carry > plan.buckets(w) ? 1 : 0;
  }
  carries[i] = mask;
}

// Signed digit of window `window` for every point, as a (key, value) pair for the sort. With
// `carries` (carries_kernel), the carry into the window is read instead of recomputed.
static __global__ void digits_kernel(const DeviceScalar* scalars, const std::uint32_t* carries,
                                     std::size_t n, const WindowPlan plan, int window,
                                     bool skip_ones, std::uint32_t* keys, std::uint32_t* values) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const DeviceScalar s = scalars[i];
  const std::uint32_t half = plan.buckets(window);
  std::uint32_t key = half;  // the zero digit
  std::uint32_t value = static_cast<std::uint32_t>(i);
  if (!(skip_ones && is_one(s))) {
    std::int64_t digit = 0;
    if (carries != nullptr) {
      digit = static_cast<std::int64_t>(scalar_bits(s, plan.offset[window], plan.width[window])) +
              ((carries[i] >> window) & 1);
      if (digit > half) digit -= std::int64_t{1} << plan.width[window];
    } else {
      std::uint32_t carry = 0;
      for (int w = 0; w <= window; ++w) {
        digit = static_cast<std::int64_t>(scalar_bits(s, plan.offset[w], plan.width[w])) + carry;
        carry = digit > plan.buckets(w) ? 1 : 0;
        if (carry) digit -= std::int64_t{1} << plan.width[w];
      }
    }
    if (digit > 0) {
      key = static_cast<std::uint32_t>(digit - 1);
    } else if (digit < 0) {
      key = static_cast<std::uint32_t>(-digit - 1);
      value |= kNegativeBit;
    }
  }
  keys[i] = key;
  values[i] = value;
}

// k * p for a small non-negative k (double-and-add).
template <class F>
__device__ DeviceXyzz<F> times_small(const DeviceXyzz<F>& p, std::uint32_t k) {
  DeviceXyzz<F> acc = DeviceXyzz<F>::infinity();
  for (int bit = 31; bit >= 0; --bit) {
    acc = acc.doubled();
    if ((k >> bit) & 1) acc.add(p);
  }
  return acc;
}

// Segment k of window w covers buckets [k*len, (k+1)*len); bucket j carries weight j + 1.
// Running sums from the top give sum (j - start + 1) B_j and sum B_j; the segment's share of
// the window sum is the first plus start * the second. Every window has as many segments as the
// widest; a narrower window's segments past its buckets are infinity.
template <class F>
__global__ void bucket_segments_kernel(const DeviceXyzz<F>* buckets, const WindowPlan plan,
                                       std::uint32_t len, std::uint32_t segments_per_window,
                                       DeviceXyzz<F>* out) {
  const std::uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= segments_per_window * static_cast<std::uint32_t>(plan.count)) return;
  const std::uint32_t w = t / segments_per_window;
  const std::uint32_t k = t % segments_per_window;
  const std::uint32_t start = k * len;
  if (start >= plan.buckets(w)) {
    out[t] = DeviceXyzz<F>::infinity();
    return;
  }
  const DeviceXyzz<F>* b = buckets + plan.first_bucket[w];
  DeviceXyzz<F> running = DeviceXyzz<F>::infinity();
  DeviceXyzz<F> weighted = DeviceXyzz<F>::infinity();
  for (std::uint32_t j = start + len; j-- > start;) {
    running.add(b[j]);
    weighted.add(running);
  }
  weighted.add(times_small(running, start));
  out[t] = weighted;
}

// Horner over the window sums: sum_w 2^offset(w) W_w, plus an extra term (the ones' sum).
template <class F>
__global__ void combine_windows_kernel(const DeviceXyzz<F>* window_sums, const WindowPlan plan,
                                       const DeviceXyzz<F>* extra, DeviceXyzz<F>* out) {
  DeviceXyzz<F> acc = window_sums[plan.count - 1];
  for (int w = plan.count - 2; w >= 0; --w) {
    for (int i = 0; i < plan.width[w]; ++i) acc = acc.doubled();
    acc.add(window_sums[w]);
  }
  if (extra != nullptr) acc.add(*extra);
  *out = acc;
}

// Event-based stage timing; inactive when no MsmTimings was asked for.
class StageClock {
 public:
  StageClock(MsmTimings* out, cudaStream_t stream) : out_(out), stream_(stream) {
    if (out_ == nullptr) return;
    start_ = make_event();
    stop_ = make_event();
    total_start_ = make_event();
    CUZK_CUDA_CHECK(cudaEventRecord(total_start_.get(), stream_));
    CUZK_CUDA_CHECK(cudaEventRecord(start_.get(), stream_));
  }
  // Adds the time since the previous lap to *field.
  void lap(double MsmTimings::*field) {
    if (out_ == nullptr) return;
    CUZK_CUDA_CHECK(cudaEventRecord(stop_.get(), stream_));
    out_->*field += elapsed_ms(start_, stop_);
    std::swap(start_, stop_);
  }
  void finish() {
    if (out_ == nullptr) return;
    CUZK_CUDA_CHECK(cudaEventRecord(stop_.get(), stream_));
    out_->total_ms = elapsed_ms(total_start_, stop_);
  }

 private:
  MsmTimings* out_;
  cudaStream_t stream_;
  Event start_, stop_, total_start_;
};

// The MSM of n canonical scalars already in device memory with the first n device bases, on
// `stream`; the XYZZ sum is left in *result (device memory). `clock` laps the stages.
template <class F>
void pippenger_on_device(const DeviceAffine<F>* bases, const DeviceScalar* scalars, std::size_t n,
                         const MsmConfig& config, cudaStream_t stream, StageClock& clock,
                         DeviceXyzz<F>* result) {
  using Xyzz = DeviceXyzz<F>;
  CUZK_CUDA_CHECK(cudaMemsetAsync(result, 0, sizeof(Xyzz), stream));  // infinity
  if (n == 0) return;
  if (n >= (std::size_t{1} << 31)) throw Error("MSM of 2^31 or more points is not supported");
  const int c = config.window_bits != 0 ? config.window_bits : default_window_bits(n);
  if (c < 2 || c > 24) throw Error("MSM window of " + std::to_string(c) + " bits is outside 2..24");
  const WindowPlan plan = plan_windows(c);
  const int windows = plan.count;
  const bool split_ones = config.ones == OnesPath::kBatchAddition;

  // The ones: bitmap, then their sum (kept on the device until the final combination).
  StreamBuffer<Xyzz> ones_sum(1, stream);
  if (split_ones) {
    const std::size_t words = (n + 63) / 64;
    StreamBuffer<std::uint64_t> bitmap(words, stream);
    bitmap.fill_bytes(0, stream);
    ones_bitmap_kernel<<<blocks_for(n, kThreads), kThreads, 0, stream>>>(
        scalars, n, reinterpret_cast<std::uint32_t*>(bitmap.data()));
    CUZK_CUDA_CHECK_LAUNCH();
    clock.lap(&MsmTimings::digits_ms);
    batch_add<F>(bases, bitmap.data(), words, ones_sum.data(), stream);
    clock.lap(&MsmTimings::batch_add_ms);
  }

  // The sorted digits, summed into each window's buckets.
  StreamBuffer<std::uint32_t> keys(n, stream), values(n, stream), sorted_keys(n, stream),
      sorted_values(n, stream);
  StreamBuffer<Xyzz> buckets(plan.total_buckets(), stream);
  buckets.fill_bytes(0, stream);
  BucketAccumulator<F> accumulator(n, plan.most_buckets(), stream);
  const int n_int = static_cast<int>(n);
  std::size_t sort_bytes = 0;
  CUZK_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(
      nullptr, sort_bytes, keys.data(), sorted_keys.data(), values.data(), sorted_values.data(),
      n_int, 0, plan.width[0], stream));
  StreamBuffer<std::uint8_t> sort_temp(sort_bytes, stream);

  // One bit per window: up to 32 windows (c >= 8) take the carries from a first pass.
  const bool carry_pass = windows <= 32;
  StreamBuffer<std::uint32_t> carries(carry_pass ? n : 0, stream);
  if (carry_pass) {
    carries_kernel<<<blocks_for(n, kThreads), kThreads, 0, stream>>>(scalars, n, plan,
                                                                     carries.data());
    CUZK_CUDA_CHECK_LAUNCH();
  }
  for (int w = 0; w < windows; ++w) {
    digits_kernel<<<blocks_for(n, kThreads), kThreads, 0, stream>>>(
        scalars, carries.data(), n, plan, w, split_ones, keys.data(), values.data());
    CUZK_CUDA_CHECK_LAUNCH();
    clock.lap(&MsmTimings::digits_ms);

    std::size_t bytes = sort_bytes;
    CUZK_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(
        sort_temp.data(), bytes, keys.data(), sorted_keys.data(), values.data(),
        sorted_values.data(), n_int, 0, plan.width[w], stream));
    clock.lap(&MsmTimings::sort_ms);

    accumulator.accumulate(bases, sorted_keys.data(), sorted_values.data(), n, plan.buckets(w),
                           buckets.data() + plan.first_bucket[w], stream);
    clock.lap(&MsmTimings::accumulate_ms);
  }

  // Window sums: segments of up to 64 buckets, then a tree over each window's segments.
  const std::uint32_t len = std::min<std::uint32_t>(64, plan.buckets(windows - 1));
  const std::uint32_t segments = plan.most_buckets() / len;
  StreamBuffer<Xyzz> segment_sums(static_cast<std::size_t>(windows) * segments, stream);
  bucket_segments_kernel<F><<<blocks_for(segments * windows, kThreads), kThreads, 0, stream>>>(
      buckets.data(), plan, len, segments, segment_sums.data());
  CUZK_CUDA_CHECK_LAUNCH();
  StreamBuffer<Xyzz> window_sums(windows, stream);
  reduce_segments<F>(segment_sums.data(), segment_sums.size(), windows, window_sums.data(), stream);
  combine_windows_kernel<F><<<1, 1, 0, stream>>>(window_sums.data(), plan,
                                                 split_ones ? ones_sum.data() : nullptr, result);
  CUZK_CUDA_CHECK_LAUNCH();
  clock.lap(&MsmTimings::reduce_ms);
}

// The MSM of n scalars (host, canonical) with the first n bases on `device` (current); returns
// the XYZZ sum.
template <class F>
DeviceXyzz<F> pippenger(Device device, const DeviceAffine<F>* bases,
                        std::span<const ScalarLimbs> host_scalars, const MsmConfig& config) {
  using Xyzz = DeviceXyzz<F>;
  const std::size_t n = host_scalars.size();
  if (n >= (std::size_t{1} << 31)) throw Error("MSM of 2^31 or more points is not supported");
  const Stream stream_owner = make_stream();
  cudaStream_t stream = stream_owner.get();
  if (config.timings != nullptr) *config.timings = MsmTimings{};
  StageClock clock(config.timings, stream);
  DeviceBuffer<Xyzz> result(1);
  DeviceBuffer<DeviceScalar> scalars(n);
  if (n != 0) {
    upload_staged(device, scalars.data(), host_scalars.data(), host_scalars.size_bytes(), stream);
    clock.lap(&MsmTimings::upload_ms);
  }
  pippenger_on_device<F>(bases, scalars.data(), n, config, stream, clock, result.data());
  const Xyzz r = read_device_value(result.data(), stream);
  clock.finish();
  return r;
}

}  // namespace cuzk::kernels::detail
