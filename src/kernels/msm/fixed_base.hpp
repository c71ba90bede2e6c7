// Many multiples k_i * P of two fixed points on the GPU (the test setup's G1 and G2 bases),
// handed back as bellperson's uncompressed encodings. Plain C++: callers compile with g++.
//
// Per base, a table of d * 2^(16 j) * P for every 16-bit window j < 16 and digit 1 <= d < 2^16
// (2^20 points: 100 MB in G1, 200 MB in G2) stays in device memory, so a product is at most 16
// mixed additions in XYZZ coordinates and no doubling, one thread per scalar. A chunk of
// products is converted to affine with one field inversion per 32 points (Montgomery's trick),
// encoded on the device, and copied into one of two page-locked buffers that the caller's sink
// reads while the GPU works on the next chunk. Variable time: test setup only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>

#include "bls12_381/fields.hpp"
#include "kernels/curve/points.hpp"
#include "kernels/device/device.hpp"
#include "kernels/device/device_bound.hpp"

namespace cuzk::kernels {

// Receives encoded points in order, a chunk of whole points at a time. The span is valid only
// during the call.
using EncodedSink = std::function<void(std::span<const std::uint8_t>)>;

class FixedBaseProducts {
 public:
  static constexpr std::size_t kDefaultChunkPoints = std::size_t{1} << 20;

  // Builds both tables on `device`, which every product then runs on. Neither base may be
  // infinity. `chunk_points` is the most points handed to a sink at once (small values let tests
  // cross chunk boundaries). Throws cuzk::Error on a CUDA failure or a zero chunk size.
  FixedBaseProducts(Device device, const G1AffineMont& g1_base, const G2AffineMont& g2_base,
                    std::size_t chunk_points = kDefaultChunkPoints);
  FixedBaseProducts(FixedBaseProducts&&) noexcept;
  FixedBaseProducts& operator=(FixedBaseProducts&&) noexcept;
  ~FixedBaseProducts();

  // k_i * base for every scalar (Fr as the host holds it, in Montgomery form), encoded
  // uncompressed (96 bytes in G1, 192 in G2; a zero scalar gives infinity's encoding), handed to
  // `sink` in order. Returns once the sink has had every point. Throws cuzk::Error on a CUDA
  // failure; an exception from the sink propagates once the GPU work in flight has finished.
  void encode_g1(std::span<const bls12_381::Fr> scalars, const EncodedSink& sink);
  void encode_g2(std::span<const bls12_381::Fr> scalars, const EncodedSink& sink);

 private:
  struct State;
  DeviceBound<State> state_;
};

}  // namespace cuzk::kernels
