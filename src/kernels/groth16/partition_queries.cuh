// One partition's L, A, B_G1 and B_G2 sums: the witness queries, which need the witness but not
// the quotient. PartitionProver::submit makes one per partition and runs it once: with resident
// parameters on the queries' own high-priority stream and a host thread of its own, while the
// main stream evaluates a, b, c, the quotient and H (the queries' batch additions and small MSMs
// leave most of the GPU idle and wait on the host between steps); with streamed parameters after
// H on the main stream, since both share one slice buffer per curve. Internal to the kernels
// folder.
#pragma once

#include <cuda_runtime.h>

#include "kernels/device/device.hpp"
#include "kernels/groth16/groth16_inputs.hpp"
#include "kernels/groth16/parameter_bases.hpp"
#include "kernels/groth16/partition_state.cuh"

namespace cuzk::kernels {

// Holds everything it uses by value, so that it can run on a thread of its own: the device,
// pointers to the shape, to the partition's slot, to the batch and to the prover's input index,
// the caller's witness view, parameters and timings. All of it stays valid and unchanged until
// the partition is collected: collect() waits for run() to return; the slot's buffers are replaced
// only by the partition after next, which is submitted after this one is collected; begin_batch()
// refuses to run with partitions in flight; the shape outlives the prover; and the caller keeps
// the witness's host memory, the parameters and the timings until collect()
// (partition_prover.hpp).
class PartitionQueries {
 public:
  // `sum_batch`: these queries also sum every partition's ones for the batch begun last (the
  // first partition submitted after begin_batch). `batch_slot`: the partition's place in that
  // batch, whose sums it starts from, or PartitionProver::kNoBatch.
  PartitionQueries(Device device, PartitionProver::Work& work, PartitionSlot& slot,
                   const WitnessView& witness, ParameterBases& bases, PartitionGpuTimings& timings,
                   int batch_slot, bool sum_batch);

  // Queues the sums on `stream` (of the prover's device) behind the slot's witness upload
  // (marks[1]), records marks[5] after them and returns once they are done. Makes the device
  // current on the calling thread.
  void run(cudaStream_t stream) const;

 private:
  void sum_batch_ones(cudaStream_t stream) const;
  void start_from_batch(cudaStream_t stream) const;
  void sum_l(cudaStream_t stream) const;
  void sum_a(cudaStream_t stream) const;
  // `b_values`: the values of the inputs present in B, in order (device).
  void sum_b(cudaStream_t stream, const DeviceFr* b_values) const;
  bool batched() const { return batch_slot_ != PartitionProver::kNoBatch; }

  Device device_;
  const DeviceR1cs::Storage* r1cs_;
  PartitionSlot* slot_;
  OnesBatch* batch_;
  const std::uint64_t* input_index_;
  ParameterBases* bases_;
  PartitionGpuTimings* timings_;
  WitnessView witness_;
  int batch_slot_;
  bool sum_batch_;
};

}  // namespace cuzk::kernels
