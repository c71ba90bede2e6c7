#include <algorithm>
#include <cstring>
#include <string>

#include "kernels/curve/point_decode.cuh"
#include "kernels/groth16/bitmap_rank.cuh"
#include "kernels/groth16/query_sums.cuh"
#include "kernels/msm/ones_batch.cuh"
#include "kernels/msm/pippenger.cuh"
#include "kernels/msm/point_reduce.cuh"

namespace cuzk::kernels::detail {

namespace {

constexpr unsigned kGatherThreads = 256;

// The query point of source value i (the rank of its variable among those the density selects,
// past the query's offset); false when the density leaves the variable out of this query.
__device__ __forceinline__ bool tail_point(const TailSource& src, std::size_t i,
                                           std::uint64_t& point) {
  const std::uint64_t j = src.index[i];
  std::uint64_t rank = j;
  if (src.density != nullptr) {
    if (!test_bit(src.density, j)) return false;
    rank = rank_of(src.density, src.density_prefix, j);
  }
  point = src.base_offset + rank;
  return true;
}

// Appends (point, canonical scalar) for every source value whose point lies in the slice
// [slice_first, slice_end).
template <class F>
__global__ void gather_tail_kernel(TailSource src, std::size_t slice_first, std::size_t slice_end,
                                   const DeviceAffine<F>* slice_points, DeviceAffine<F>* out_points,
                                   DeviceScalar* out_scalars, unsigned long long* counter) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= src.count) return;
  std::uint64_t point = 0;
  if (!tail_point(src, i, point) || point < slice_first || point >= slice_end) return;
  const unsigned long long k = atomicAdd(counter, 1ull);
  out_points[k] = slice_points[point - slice_first];
  const DeviceFr canonical = src.value[i].from_montgomery();
  std::memcpy(&out_scalars[k], &canonical, sizeof canonical);
}

// The same over the whole query, each point decoded from its encoding in page-locked host memory
// (read through the mapping, 96 or 192 bytes a point): a partition's tails of a query that is
// streamed, without streaming it. A point that fails to decode is noted in *first_error.
template <class F>
__global__ void gather_encoded_tail_kernel(TailSource src, const std::uint8_t* encoded,
                                           DeviceAffine<F>* out_points, DeviceScalar* out_scalars,
                                           unsigned long long* counter,
                                           unsigned long long* first_error) {
  constexpr std::size_t kBytes = 2 * sizeof(F);
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= src.count) return;
  std::uint64_t point = 0;
  if (!tail_point(src, i, point)) return;
  const unsigned long long k = atomicAdd(counter, 1ull);
  DeviceAffine<F> a;
  const unsigned reason = decode_point<F>(encoded + point * kBytes, a);
  if (reason != 0) note_decode_error(first_error, point, reason);
  out_points[k] = a;
  const DeviceFr canonical = src.value[i].from_montgomery();
  std::memcpy(&out_scalars[k], &canonical, sizeof canonical);
}

template <class F>
__global__ void accumulate_kernel(DeviceXyzz<F>* acc, const DeviceXyzz<F>* part) {
  acc->add(*part);
}

template <class F>
void accumulate(DeviceXyzz<F>* acc, const DeviceXyzz<F>* part, cudaStream_t stream) {
  accumulate_kernel<F><<<1, 1, 0, stream>>>(acc, part);
  CUZK_CUDA_CHECK_LAUNCH();
}

}  // namespace

template <class F>
void query_sum(cudaStream_t stream, unsigned long long* tail_counter, ParameterBases& bases,
               Query q, std::size_t origin, const std::uint64_t* ones, std::size_t ones_words,
               std::span<const TailSource> tails, DeviceXyzz<F>* acc, DeviceXyzz<F>* part,
               std::size_t& tail_count) {
  std::size_t capacity = 0;
  for (const TailSource& t : tails) capacity += t.count;
  StreamBuffer<DeviceAffine<F>> tail_points(std::max<std::size_t>(capacity, 1), stream);
  StreamBuffer<DeviceScalar> tail_scalars(std::max<std::size_t>(capacity, 1), stream);
  StageClock no_clock(nullptr, stream);
  MsmConfig msm;
  msm.ones = OnesPath::kBuckets;  // the tail holds no ones worth splitting off
  const std::uint8_t* const pinned = bases.pinned_encoding(q);
  if (ones_words == 0 && !bases.is_resident(q) && pinned != nullptr) {
    // Only the tails, of a streamed query that is in page-locked host memory: their points are
    // read from there (5.4 M points, 0.6 GB, of a 32 GiB partition's four queries) instead of
    // streaming the query's every slice for them.
    StreamBuffer<unsigned long long> first_error(1, stream);
    CUZK_CUDA_CHECK(cudaMemsetAsync(first_error.data(), 0xff, sizeof(unsigned long long), stream));
    CUZK_CUDA_CHECK(cudaMemsetAsync(tail_counter, 0, sizeof(unsigned long long), stream));
    for (const TailSource& t : tails) {
      if (t.count == 0) continue;
      gather_encoded_tail_kernel<F>
          <<<blocks_for(t.count, kGatherThreads), kGatherThreads, 0, stream>>>(
              t, pinned, tail_points.data(), tail_scalars.data(), tail_counter, first_error.data());
      CUZK_CUDA_CHECK_LAUNCH();
    }
    try {
      throw_if_decode_error(read_device_value(first_error.data(), stream));
    } catch (const Error& e) {
      throw Error(std::string("parameters, query ") + query_name(q) + ": " + e.what());
    }
    const std::size_t m = read_device_value(tail_counter, stream);
    tail_count += m;
    bases.count_gathered(m * 2 * sizeof(F));
    if (m != 0) {
      pippenger_on_device<F>(tail_points.data(), tail_scalars.data(), m, msm, stream, no_clock,
                             part);
      accumulate<F>(acc, part, stream);
    }
    return;
  }
  for (std::size_t k = 0; k < bases.slice_count(q); ++k) {
    const BaseSlice slice = bases.slice(q, k);
    const auto* points = static_cast<const DeviceAffine<F>*>(slice.device_points);
    const std::size_t end = slice.first + slice.count;
    const std::size_t lo = std::max(slice.first, origin);
    if (end > lo && ones_words != 0) {
      const std::size_t first_word = (lo - origin) / 64;
      const std::size_t last_word = std::min(ones_words, words_for(end - origin));
      if (last_word > first_word) {
        batch_add<F>(points + (lo - slice.first), ones + first_word, last_word - first_word, part,
                     stream);
        accumulate<F>(acc, part, stream);
      }
    }
    CUZK_CUDA_CHECK(cudaMemsetAsync(tail_counter, 0, sizeof(unsigned long long), stream));
    for (const TailSource& t : tails) {
      if (t.count == 0) continue;
      gather_tail_kernel<F><<<blocks_for(t.count, kGatherThreads), kGatherThreads, 0, stream>>>(
          t, slice.first, end, points, tail_points.data(), tail_scalars.data(), tail_counter);
      CUZK_CUDA_CHECK_LAUNCH();
    }
    const std::size_t m = read_device_value(tail_counter, stream);
    tail_count += m;
    if (m != 0) {
      pippenger_on_device<F>(tail_points.data(), tail_scalars.data(), m, msm, stream, no_clock,
                             part);
      accumulate<F>(acc, part, stream);
    }
  }
}

template <class F>
void batch_ones_sums(cudaStream_t stream, ParameterBases& bases, Query q, std::size_t origin,
                     const std::uint64_t* ones, std::size_t stride, std::size_t bits, int count,
                     DeviceXyzz<F>* sums) {
  for (std::size_t k = 0; k < bases.slice_count(q); ++k) {
    const BaseSlice slice = bases.slice(q, k);
    const auto* points = static_cast<const DeviceAffine<F>*>(slice.device_points);
    const std::size_t lo = std::max(slice.first, origin);
    const std::size_t end = std::min(slice.first + slice.count, origin + bits);
    if (end <= lo) continue;
    add_ones_sums<F>(points + (lo - slice.first), end - lo, ones, stride, lo - origin, count, sums,
                     stream);
  }
}

void h_query_sum(cudaStream_t stream, ParameterBases& bases, const DeviceFr* canonical,
                 DeviceG1Xyzz* acc, DeviceG1Xyzz* part) {
  const auto* scalars = reinterpret_cast<const DeviceScalar*>(canonical);
  StageClock no_clock(nullptr, stream);
  MsmConfig msm;
  msm.ones = OnesPath::kBuckets;  // the quotient's scalars are uniformly random
  for (std::size_t k = 0; k < bases.slice_count(Query::kH); ++k) {
    const BaseSlice slice = bases.slice(Query::kH, k);
    pippenger_on_device<DeviceFp>(static_cast<const DeviceG1Affine*>(slice.device_points),
                                  scalars + slice.first, slice.count, msm, stream, no_clock, part);
    accumulate<DeviceFp>(acc, part, stream);
  }
}

template void query_sum<DeviceFp>(cudaStream_t, unsigned long long*, ParameterBases&, Query,
                                  std::size_t, const std::uint64_t*, std::size_t,
                                  std::span<const TailSource>, DeviceG1Xyzz*, DeviceG1Xyzz*,
                                  std::size_t&);
template void query_sum<DeviceFp2>(cudaStream_t, unsigned long long*, ParameterBases&, Query,
                                   std::size_t, const std::uint64_t*, std::size_t,
                                   std::span<const TailSource>, DeviceG2Xyzz*, DeviceG2Xyzz*,
                                   std::size_t&);
template void batch_ones_sums<DeviceFp>(cudaStream_t, ParameterBases&, Query, std::size_t,
                                        const std::uint64_t*, std::size_t, std::size_t, int,
                                        DeviceG1Xyzz*);
template void batch_ones_sums<DeviceFp2>(cudaStream_t, ParameterBases&, Query, std::size_t,
                                         const std::uint64_t*, std::size_t, std::size_t, int,
                                         DeviceG2Xyzz*);

}  // namespace cuzk::kernels::detail
