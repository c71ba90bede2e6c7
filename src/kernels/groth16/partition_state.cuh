// What the partition prover keeps on the device between partitions (partition_prover.hpp): the
// quotient's plans, the streams, two slots of per-partition state and a batch's ones. The vectors
// of the quotient's domain are not kept: each partition takes them from the device's pool in its
// main stream's order and gives each back once it is dead, so that H's MSM reuses their memory.
// Internal to the kernels folder.
#pragma once

#include <cstddef>
#include <cstdint>
#include <future>
#include <memory>
#include <optional>

#include "kernels/curve/curve.cuh"
#include "kernels/device/device_memory.cuh"
#include "kernels/groth16/device_r1cs.cuh"
#include "kernels/groth16/h_quotient.cuh"
#include "kernels/groth16/partition_prover.hpp"

namespace cuzk::kernels {

// What one partition in flight owns: its witness on the device (kept for the partition after
// next, see upload_into), its query bitmaps, sums, counters and events, and its queries' host
// thread. Two slots: partition k + 1's a, b, c, quotient and H start while partition k's queries
// finish (the first partition's wait for the last parameters it needs).
struct PartitionSlot {
  // g1_sums[q] is the sum of G1 query q (h, l, a, b_g1: the Query values 0 to 3); then the
  // partial sums of the main stream's H MSM and of the queries' stream. g2_sums: b_g2, a partial.
  static constexpr int kHPartial = 4, kQueryPartial = 5;

  DeviceBuffer<std::uint64_t> ones_a, ones_b;  // compressed ones bitmaps of A and B (aux part)
  DeviceBuffer<unsigned long long> counters;   // unsatisfied count, first row, tail counter
  DeviceBuffer<DeviceG1Xyzz> g1_sums;
  DeviceBuffer<DeviceG2Xyzz> g2_sums;
  // 0 start, 1 witness up, 2 a, b, c checked, 3 quotient, 4 H (main stream); 5 queries done.
  Event marks[6];
  DeviceBuffer<DeviceFr> inputs, wide_value;
  DeviceBuffer<std::uint64_t> bits, is_wide, wide_index;
  DeviceBuffer<std::uint32_t> wide_prefix;

  bool in_flight = false;
  std::shared_future<void> queries;  // empty when they ran on the main stream
  PartitionGpuTimings* timings = nullptr;
  PartitionGpuTimings own_timings;  // when the caller asked for none
};

// A batch of partitions whose ones are summed together (PartitionProver::begin_batch): every
// partition's aux bits, and compressed to the variables of A and of B, one bitmap after another;
// the sums, by partition, of L, A and B_G1 (three rows of kMaxOnesBatch) and of B_G2.
struct OnesBatch {
  int size = 0;
  bool pending = false;  // summed by the next partition's queries
  Event ready = make_event();
  DeviceBuffer<std::uint64_t> bits, ones_a, ones_b;
  DeviceBuffer<DeviceG1Xyzz> g1;
  DeviceBuffer<DeviceG2Xyzz> g2;
};

struct PartitionProver::Work {
  // The buffers for `r1cs`'s shape, on its device.
  static std::unique_ptr<Work> make(const DeviceR1cs& r1cs, QuotientVectors vectors);
  // Queries still running read this object's buffers: waits for them (their errors are dropped).
  ~Work();

  const DeviceR1cs::Storage* r1cs = nullptr;
  QuotientVectors vectors = QuotientVectors::kFour;
  int log_n = 0;
  std::size_t n = 0;
  Stream stream = make_stream();
  // L, A, B_G1, B_G2, beside the quotient and H, ahead of them: the queries wait on the host
  // between steps, and H's blocks fill those gaps and the end, where the queries left a tail.
  Stream query_stream = make_high_priority_stream();
  // Reads a partition's sums once its H and its queries are done, behind neither stream's later
  // work.
  Stream collect_stream = make_stream();
  std::optional<detail::QuotientPlans> plans;
  // 0, 1, 2, ...: the tail index of input i, and of the i-th input present in B (ranked).
  DeviceBuffer<std::uint64_t> input_index;

  PartitionSlot slots[2];
  std::size_t submitted = 0, collected = 0;  // partition k uses slots[k % 2]
  // The last partition's queries: the next one's wait for them, as they share a stream and the
  // tail counter's host reads.
  std::shared_future<void> last_queries;

  OnesBatch batch;
};

}  // namespace cuzk::kernels
