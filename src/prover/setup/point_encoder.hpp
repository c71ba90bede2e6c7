// TEST ONLY: the products of a test setup's scalars with its two fixed bases, as bellperson's
// uncompressed encodings, streamed a chunk at a time to whoever writes them: on the CPU
// (prover/setup/fixed_base.hpp's tables) or on the GPU (kernels/msm/fixed_base.hpp). One is chosen
// per setup; both give the same bytes.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>

#include "prover/setup/setup_scalars.hpp"

namespace cuzk::prover {

class PointEncoder {
 public:
  // Receives encoded points in order, a chunk of whole points at a time; the span is valid only
  // during the call.
  using Sink = std::function<void(std::span<const std::uint8_t>)>;

  virtual ~PointEncoder() = default;
  // k_i times the G1 base for every scalar, 96 bytes each (a zero scalar gives infinity).
  virtual void encode_g1(std::span<const Fr> scalars, const Sink& sink) = 0;
  // k_i times the G2 base, 192 bytes each.
  virtual void encode_g2(std::span<const Fr> scalars, const Sink& sink) = 0;
};

// Builds the tables for `bases` on `device`. kGpu throws cuzk::Error without a usable CUDA device.
std::unique_ptr<PointEncoder> make_point_encoder(const SetupBases& bases, SetupDevice device);

}  // namespace cuzk::prover
