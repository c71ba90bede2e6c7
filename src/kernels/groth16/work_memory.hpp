// The device memory of a partition's work, as plain C++ for the memory plan
// (pipeline/gpu_memory_plan.hpp) in every build: how many vectors of the quotient's domain a
// partition holds at once, and the bytes of its stages. The partition prover
// (partition_prover.cu) allocates by the same numbers.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/msm/msm_memory.hpp"

namespace cuzk::kernels {

// How many vectors of the quotient's domain (4 GiB each at 32 GiB) a partition holds at once.
// Four: a, b and c as evaluated, and the transforms' scratch. Three: c is dropped once the
// witness is checked and evaluated again when b is dead, for a third more row evaluation (some
// 9 ms at 32 GiB on the H200) and a vector less of device memory.
enum class QuotientVectors : std::uint8_t { kFour = 4, kThree = 3 };

// Device bytes of a partition's work. Its peak is `held` plus the larger of the quotient's
// vectors and of H's MSM: the h vector and the MSM's scratch (h_msm_bytes), which reuses the
// other vectors' memory.
struct PartitionWorkBytes {
  std::size_t vector = 0;  // one vector of the quotient's domain
  // Held throughout: a batch's bitmaps and its work for G2 points, and a GiB for CUB's other
  // scratch, the two slots' witnesses and the witness queries' tails.
  std::size_t held = 0;
};

// Field and point sizes on the device (static_assert-ed where the kernels define them).
inline constexpr std::size_t kDeviceFrBytes = 32;
inline constexpr std::size_t kDeviceG1XyzzBytes = 4 * 48;
inline constexpr std::size_t kDeviceG2XyzzBytes = 4 * 96;

// The quotient's domain for `rows` rows (bellperson's input rows included): log2 of the least
// power of two at or above it.
inline int log2_domain(std::size_t rows) {
  int log_n = 0;
  while ((std::size_t{1} << log_n) < rows) ++log_n;
  return log_n;
}

inline PartitionWorkBytes partition_work_bytes(std::size_t constraints) {
  const std::size_t n = std::size_t{1} << log2_domain(constraints);
  // Aux bits of every partition of a batch, and compressed to A's and B's aux variables (fewer
  // than the rows): three bitmaps of at most n bits and a word, a partition.
  const std::size_t bitmap_bytes = ((n + 63) / 64 + 1) * 8;
  const std::size_t batch =
      3 * detail::kMaxOnesBatch * bitmap_bytes +
      detail::ones_batch_work_bytes(detail::kMaxOnesBatch, kDeviceG2XyzzBytes);
  return {n * kDeviceFrBytes, batch + (std::size_t{1} << 30)};
}

// The scratch of H's MSM over `points` bases (the whole query, or a slice of a streamed one).
inline std::size_t h_msm_bytes(std::size_t points) {
  return detail::pippenger_work_bytes(points, detail::default_window_bits(points),
                                      kDeviceG1XyzzBytes);
}

}  // namespace cuzk::kernels
