// Device-side NTT plans: the twiddle and scaling tables for one size, direction and domain,
// and the launch sequence (internal to the kernels folder).
#pragma once

#include <cuda_runtime.h>

#include "kernels/device_memory.cuh"
#include "kernels/field.cuh"
#include "kernels/ntt.hpp"

namespace cuzk::kernels::detail {

// Powers base^i for i < 2^kMaxNttLogSize, from two tables: base^i = lo[i mod 2^kLoBits] *
// hi[i >> kLoBits], so a transform of 2^27 needs 24k table entries instead of 2^26.
// hi entries may carry an extra constant factor (1/n for inverse transforms).
struct PowerTable {
  static constexpr int kLoBits = 14;
  const DeviceFr* lo = nullptr;
  const DeviceFr* hi = nullptr;
};

// How outputs (or inputs) are scaled: not at all, by one constant, or by a power table.
struct Scale {
  enum class Kind { kNone, kConstant, kPowers } kind = Kind::kNone;
  DeviceFr constant{};  // kConstant
  PowerTable powers;    // kPowers
};

class NttPlan {
 public:
  NttPlan(int log_n, NttDirection direction, NttDomain domain, cudaStream_t stream);

  int log_n() const { return log_n_; }
  // Transforms data (natural order in and out) using scratch (same size) as working space.
  void run(DeviceFr* data, DeviceFr* scratch, cudaStream_t stream) const;

 private:
  int log_n_;
  DeviceBuffer<DeviceFr> small_twiddles_;  // omega_{2^s}^i for the in-block stages
  DeviceBuffer<DeviceFr> twiddle_lo_, twiddle_hi_;
  DeviceBuffer<DeviceFr> scale_lo_, scale_hi_;
  Scale pre_;   // applied to inputs by natural index (forward coset: g^i)
  Scale post_;  // applied to outputs by natural index (inverse: 1/n, or g^-i/n on the coset)
};

}  // namespace cuzk::kernels::detail
