// Groth16 on the GPU for the partitions of one circuit shape: the shape's matrices are uploaded
// once (DeviceR1cs, device_r1cs.hpp); per partition, the compact witness goes up, a = A·w, b = B·w,
// c = C·w are evaluated on the device and checked (a·b = c row by row), the quotient's six
// transforms run on them, and the five sums the proof needs are computed: the H MSM over the
// quotient's scalars, and for L, A, B_G1 and B_G2 a batch addition of the points whose scalar is 1
// plus an MSM over the few others (the "tail"); the partitions of a sector sum their ones together
// (begin_batch). Only the five sums come back. Plain C++.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "kernels/curve/points.hpp"
#include "kernels/device/device_bound.hpp"
#include "kernels/groth16/device_r1cs.hpp"
#include "kernels/groth16/groth16_inputs.hpp"
#include "kernels/groth16/parameter_bases.hpp"
#include "kernels/groth16/work_memory.hpp"

namespace cuzk::kernels {

// The five sums of one partition (affine, Montgomery coordinates; (0, 0) for infinity).
struct PartitionSums {
  G1AffineMont h, l, a, b_g1;
  G2AffineMont b_g2;
};

// Device milliseconds of one partition's stages (CUDA events), and the split of each query.
struct PartitionGpuTimings {
  double witness_upload_ms = 0;
  double evaluate_ms = 0;  // a, b, c and the a·b = c check
  double quotient_ms = 0;  // six transforms and two pointwise steps
  double msm_h_ms = 0;
  double query_ms[kQueryCount] = {};  // L, A, B_G1, B_G2: batch addition and tail (H unused)
  double ones_batch_ms = 0;           // a batch's ones, every partition's (in its first partition)
  double total_ms = 0;
  std::size_t ones[kQueryCount] = {};  // points batch-added per query
  std::size_t tail[kQueryCount] = {};  // points in the tail MSM per query
};

// For tests: what the CPU prover computes on the way, to compare stage by stage: the evaluations
// a, b, c of every row and the quotient's first n - 1 coefficients (Montgomery form).
struct PartitionIntermediates {
  std::vector<bls12_381::Fr> a, b, c, h;
};

class PartitionProver {
 public:
  // Builds the quotient's plans for the shape on the shape's device, where every partition then
  // runs, holding `vectors` vectors of its domain at a time. `r1cs` must outlive the prover.
  explicit PartitionProver(const DeviceR1cs& r1cs,
                           QuotientVectors vectors = QuotientVectors::kFour);
  PartitionProver(PartitionProver&&) noexcept;
  PartitionProver& operator=(PartitionProver&&) noexcept;
  ~PartitionProver();

  // The partitions of a sector share the bases, so the points whose scalar is 1 are summed for
  // all of them at once (one addition a point instead of one a partition and a point):
  // begin_batch takes every partition's aux bits (WitnessView::bits), the next prove() sums the
  // batch's ones beside its own work, and prove(..., slot k) adds only partition k's other values.
  // At most max_batch() partitions. Throws cuzk::Error when a bitmap does not fit the shape.
  static int max_batch();
  void begin_batch(std::span<const std::span<const std::uint64_t>> aux_bits);
  static constexpr int kNoBatch = -1;

  // `batch_slot`: the witness's partition in the batch begun last, or kNoBatch. Throws
  // cuzk::Error when the witness does not satisfy the circuit ("the witness does not satisfy
  // constraint i ..."), when its sizes do not match the shape, when `bases` are on another
  // device, or on a CUDA failure.
  PartitionSums prove(ParameterBases& bases, const WitnessView& witness,
                      PartitionGpuTimings* timings = nullptr,
                      PartitionIntermediates* intermediates = nullptr, int batch_slot = kNoBatch);

  // prove() in two steps, so that two partitions overlap: submit() returns once the partition's
  // H MSM is queued, while its L, A and B sums may still run (the first partition's wait for the
  // parameters' upload); collect() waits for the oldest partition submitted and returns its sums.
  // At most two partitions in flight. The witness's host memory, `bases` and `timings` must stay
  // valid until that partition is collected; a submit() that throws adds nothing in flight.
  void submit(ParameterBases& bases, const WitnessView& witness,
              PartitionGpuTimings* timings = nullptr,
              PartitionIntermediates* intermediates = nullptr, int batch_slot = kNoBatch);
  PartitionSums collect();
  std::size_t in_flight() const;

  struct Work;  // kernels-internal (partition_state.cuh)

 private:
  DeviceBound<Work> work_;
};

}  // namespace cuzk::kernels
