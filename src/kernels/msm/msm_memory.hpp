// The device bytes of the MSM kernels' work buffers, as plain C++: the memory plan
// (pipeline/gpu_memory_plan.hpp) sizes its tiers with these in every build, and the kernels
// (bucket_accumulation.cuh, pippenger.cuh, ones_batch.cuh) allocate by the same numbers.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace cuzk::kernels::detail {

inline constexpr int kScalarBits = 256;      // recoding room: scalars < 2^255 never carry out
inline constexpr std::uint32_t kRange = 64;  // sorted points summed by one thread
inline constexpr std::uint32_t kChunk = 32;  // partial sums merged by one thread per pass
// Partitions in one pattern (a PoRep sector has at most ten): 2^12 - 1 buckets at most.
inline constexpr int kMaxOnesBatch = 12;
// Points sorted by pattern at a time, which bounds the pass's work buffers (about 0.4 GB).
inline constexpr std::size_t kOnesChunk = std::size_t{1} << 24;

// Ranges of kRange sorted points for n points, and the most buckets their partial sums can touch.
inline std::size_t accumulation_ranges(std::size_t n) { return (n + kRange - 1) / kRange; }
inline std::size_t accumulation_max_runs(std::size_t partials, std::uint32_t max_buckets) {
  return std::min<std::size_t>(partials, max_buckets);
}

// BucketAccumulator's bytes for `capacity` pairs and `max_buckets` buckets of `xyzz_bytes`
// points: two partial sums a range and the first merge's output, and six arrays of one entry a
// partial sum (their keys, the runs' keys, counts and offsets, the chunks' counts and offsets).
inline std::size_t accumulation_bytes(std::size_t capacity, std::uint32_t max_buckets,
                                      std::size_t xyzz_bytes) {
  const std::size_t partials = 2 * accumulation_ranges(capacity);
  return (partials + accumulation_max_runs(partials, max_buckets) + partials / kChunk + 1) *
             xyzz_bytes +
         6 * partials * 4;
}

// The signed recoding's windows for a requested width c (pippenger.cuh's WindowPlan): ceil(256 /
// c) windows whose widths differ by at most one bit, the wider ones lowest; a window of w bits
// has 2^(w - 1) buckets.
struct WindowCounts {
  int count = 0;
  int narrow = 0;  // bits of the narrower windows
  int wide = 0;    // windows one bit wider than `narrow`
};

inline WindowCounts window_counts(int c) {
  WindowCounts w;
  w.count = (kScalarBits + c - 1) / c;
  w.narrow = kScalarBits / w.count;
  w.wide = kScalarBits - w.narrow * w.count;
  return w;
}

inline std::uint32_t window_total_buckets(int c) {
  const WindowCounts w = window_counts(c);
  return static_cast<std::uint32_t>(w.wide) * (1u << w.narrow) +
         static_cast<std::uint32_t>(w.count - w.wide) * (1u << (w.narrow - 1));
}

inline std::uint32_t window_most_buckets(int c) {
  const WindowCounts w = window_counts(c);
  return 1u << (w.narrow + (w.wide > 0 ? 1 : 0) - 1);
}

// Window size for n points when the caller does not choose: about log2(n) - 4 bits up to 2^24
// points (bucket work, 2^(c-1) per window, stays well under the n adds per window), then wider:
// on the H200 at 2^26 the bucket phase took 459 ms at c = 16, 436 at 17 and 430 at 18 (15
// windows instead of 16); at 2^24 c = 16 and 18 tied. At 2^27 (a 32 GiB partition's H query) a
// sweep gave, whole MSM with the scalar upload: c = 16 1198 ms, 17 1186, 18 1198, 19 1101,
// 20 1069, 21 1110 (cuzk_bench_kernels msm 27). With the bucket ranges and even window widths, 22
// asks for 12 windows (8 of 21 bits, 4 of 22) instead of 20's 13, for 1.9 GB more buckets.
inline int default_window_bits(std::size_t n) {
  int log_n = 0;
  while ((std::size_t{1} << (log_n + 1)) <= n) ++log_n;
  if (log_n <= 24) return std::clamp(log_n - 4, 8, 16);
  return n > (std::size_t{1} << 26) ? 22 : 18;
}

// Device bytes pippenger_on_device takes for n points at window c, for XYZZ points of
// `xyzz_bytes`: the digits before and after the sort, the carries and CUB's two sort buffers
// (seven 32-bit arrays of n), every window's buckets and the accumulation's work buffers.
inline std::size_t pippenger_work_bytes(std::size_t n, int c, std::size_t xyzz_bytes) {
  return 7 * n * 4 + std::size_t{window_total_buckets(c)} * xyzz_bytes +
         accumulation_bytes(n, window_most_buckets(c), xyzz_bytes);
}

// Device bytes add_ones_sums takes at most, for `count` partitions and XYZZ points of
// `xyzz_bytes`: keys and values before and after the sort, CUB's scratch (bounded by the same
// again), the buckets and the accumulation's buffers.
inline std::size_t ones_batch_work_bytes(int count, std::size_t xyzz_bytes) {
  const std::uint32_t patterns = (1u << count) - 1;
  return 8 * kOnesChunk * 4 + std::size_t{patterns} * xyzz_bytes +
         accumulation_bytes(kOnesChunk, patterns, xyzz_bytes);
}

}  // namespace cuzk::kernels::detail
