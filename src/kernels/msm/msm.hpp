// Multi-scalar multiplication and batch addition over device-resident bases. Plain C++.
//
// The MSM is Pippenger's bucket method with signed window digits: per window, (bucket, point)
// pairs are sorted with CUB's radix sort, each bucket's points are summed in balanced chunks,
// and the buckets are combined with running sums. Scalars equal to 1 (most of a PoRep witness)
// skip the buckets and are summed by the bitmap-driven batch addition instead.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "kernels/curve/points.hpp"
#include "kernels/msm/bases.hpp"

namespace cuzk::kernels {

// What to do with scalars that are exactly 1.
enum class OnesPath {
  kBatchAddition,  // sum their points apart (one addition each instead of one per window)
  kBuckets,        // treat them like any other scalar (for checking one path against the other)
};

// Device times of one call's stages, from CUDA events (milliseconds).
struct MsmTimings {
  double upload_ms = 0;      // scalars host -> device
  double digits_ms = 0;      // ones bitmap and signed window digits
  double sort_ms = 0;        // per-window radix sorts and run-length encoding
  double accumulate_ms = 0;  // bucket sums
  double reduce_ms = 0;      // running sums, window combination
  double batch_add_ms = 0;   // the ones
  double total_ms = 0;
};

struct MsmConfig {
  int window_bits = 0;  // 0: chosen from the number of points
  OnesPath ones = OnesPath::kBatchAddition;
  MsmTimings* timings = nullptr;  // filled when given
};

// sum_i scalars[i] * bases[i] over the first scalars.size() bases. Scalars are canonical
// (not Montgomery) and below 2^255 (any value below r). Throws cuzk::Error if there are more
// scalars than bases or on a CUDA failure.
G1AffineMont msm_g1(const DeviceG1Bases& bases, std::span<const ScalarLimbs> scalars,
                    const MsmConfig& config = {});
G2AffineMont msm_g2(const DeviceG2Bases& bases, std::span<const ScalarLimbs> scalars,
                    const MsmConfig& config = {});

// sum of the bases whose bit is set: bit i % 64 of bitmap[i / 64] selects bases[i]. The bitmap
// may cover fewer bases than there are (never more: that throws cuzk::Error).
G1AffineMont batch_add_g1(const DeviceG1Bases& bases, std::span<const std::uint64_t> bitmap);
G2AffineMont batch_add_g2(const DeviceG2Bases& bases, std::span<const std::uint64_t> bitmap);

// The same for several bitmaps at once (at most 12), each base added once into the bucket of the
// bitmaps that select it: the ones batch a sector's partitions share (msm/ones_batch.cuh). Sum k
// is that of the bases selected by bitmaps[k]; every bitmap covers the same number of words.
std::vector<G1AffineMont> ones_batch_g1(const DeviceG1Bases& bases,
                                        std::span<const std::span<const std::uint64_t>> bitmaps);
std::vector<G2AffineMont> ones_batch_g2(const DeviceG2Bases& bases,
                                        std::span<const std::span<const std::uint64_t>> bitmaps);

}  // namespace cuzk::kernels
