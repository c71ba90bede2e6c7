// The Groth16 parameters' five query vectors in the memory of one device for a whole run: each
// query either resident (uploaded and decoded once, used by every partition) or streamed (split
// into slices that are uploaded into one buffer per curve when used), for GPUs that cannot hold
// all 47 GB of a 32 GiB circuit's parameters. Plain C++.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>

#include "kernels/curve/points.hpp"
#include "kernels/device/device.hpp"
#include "kernels/device/device_bound.hpp"
#include "kernels/groth16/groth16_inputs.hpp"

namespace cuzk::kernels {

// Points [first, first + count) of a query, in device memory (G1AffineMont or G2AffineMont).
struct BaseSlice {
  const void* device_points = nullptr;
  std::size_t first = 0;
  std::size_t count = 0;
};

class ParameterBases {
 public:
  using Queries = std::array<EncodedQuery, kQueryCount>;
  // Where the aux part of each query starts (its batch-addition bitmaps are aligned there):
  // 0 for H and L, the number of input points for A, B_G1 and B_G2.
  using Origins = std::array<std::size_t, kQueryCount>;

  // Every layout lives on `device`. Decoding on the device checks every point (range, curve); a
  // bad one throws cuzk::Error naming the query and the point.
  static ParameterBases resident(Device device, Queries queries);
  // The resident layout, allocated here and filled by a thread of its own in the order a
  // partition needs the queries (H, L, A, B_G2, B_G1) while the caller goes on: a partition can
  // start on the quotient, and its H MSM on H, before the other queries are up. slice() waits
  // for its query; an upload failure is rethrown by the slice() that waits for it and by
  // wait_resident(). `on_resident` (may be empty) is called on the upload's thread with its
  // seconds once every query is up.
  static ParameterBases resident_in_background(Device device, Queries queries,
                                               std::function<void(double)> on_resident);
  // Returns once every query is on the device (at once unless uploading in the background);
  // rethrows the background upload's failure.
  void wait_resident() const;

  // Which queries are kept whole on the device; the others are streamed.
  using Residency = std::array<bool, kQueryCount>;
  static constexpr Residency kNoneResident = {false, false, false, false, false};
  static constexpr Residency kAllResident = {true, true, true, true, true};

  // The queries `resident` names uploaded whole (here, before returning), the others streamed in
  // slices of at most slice_points points (a positive multiple of 64), the first of a query
  // starting at 0 and the others at origin + a multiple of slice_points.
  static ParameterBases streamed(Device device, Queries queries, const Origins& origins,
                                 std::size_t slice_points, Residency resident = kNoneResident);

  // Device bytes of the queries `resident` names, kept whole.
  using Points = std::array<std::size_t, kQueryCount>;
  static std::size_t resident_bytes(const Points& points, Residency resident = kAllResident) {
    std::size_t bytes = 0;
    for (int i = 0; i < kQueryCount; ++i) {
      if (resident[i]) bytes += points[i] * point_bytes(static_cast<Query>(i));
    }
    return bytes;
  }
  // The streamed queries' buffers: one per curve, as large as the largest slice of its streamed
  // queries (a first slice also holds the points before the origin).
  static std::size_t streamed_bytes(const Points& points, const Origins& origins,
                                    std::size_t slice_points, Residency resident = kNoneResident) {
    std::size_t largest[2] = {0, 0};
    for (int i = 0; i < kQueryCount; ++i) {
      if (resident[i]) continue;
      const int curve = is_g2(static_cast<Query>(i)) ? 1 : 0;
      largest[curve] = std::max(largest[curve], std::min(points[i], origins[i] + slice_points));
    }
    return largest[0] * sizeof(G1AffineMont) + largest[1] * sizeof(G2AffineMont);
  }
  static std::size_t point_bytes(Query q) {
    return is_g2(q) ? sizeof(G2AffineMont) : sizeof(G1AffineMont);
  }

  ParameterBases(ParameterBases&&) noexcept;
  ParameterBases& operator=(ParameterBases&&) noexcept;
  ~ParameterBases();

  Device device() const { return state_.device(); }
  // Every query whole on the device, or query q.
  bool is_resident() const;
  bool is_resident(Query q) const;
  std::size_t points(Query q) const;
  std::size_t slice_count(Query q) const;
  // Slice k of query q, uploading it first when streamed (which overwrites the slice that was in
  // that curve's buffer: use one slice of a curve at a time).
  BaseSlice slice(Query q, std::size_t k);
  // Query q's encoded points in page-locked host memory as kernels address it
  // (EncodedQuery::pinned_device), or null.
  const std::uint8_t* pinned_encoding(Query q) const;
  // Counts `bytes` that kernels read from the pinned encoding into uploaded_bytes().
  void count_gathered(std::size_t bytes);
  // Milliseconds spent reading, uploading and decoding so far (host wall clock).
  double upload_ms() const;
  // Bytes of points copied to the device so far (as the .params file encodes them), by uploads
  // and by gathers from the pinned encoding.
  std::size_t uploaded_bytes() const;

 private:
  struct State;
  explicit ParameterBases(DeviceBound<State> state);
  DeviceBound<State> state_;
};

}  // namespace cuzk::kernels
