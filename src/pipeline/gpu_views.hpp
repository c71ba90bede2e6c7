// The host's compact shape and witnesses seen through the GPU prover's plain views
// (kernels/groth16/groth16_inputs.hpp). Views point into the objects they are made from: keep those
// alive.
#pragma once

#include <cstdint>

#include "circuit/compact_r1cs.hpp"
#include "circuit/compact_witness.hpp"
#include "circuit/stacked/record_shape.hpp"
#include "kernels/device/pinned_array.hpp"
#include "kernels/groth16/groth16_inputs.hpp"
#include "pipeline/partition_shape.hpp"

namespace cuzk::pipeline {

kernels::R1csView r1cs_view(const circuit::CompactR1cs& r1cs);
// The prefix and challenge 0 as recorded; the GPU writes the other challenges' rows.
kernels::R1csView r1cs_view(const circuit::stacked::PartitionRecording& recording);
// Whichever the session recorded.
kernels::R1csView r1cs_view(const RecordedR1cs& recording);

// A witness laid out for the upload, in page-locked memory: the inputs, the bits, and the wide
// values split into an index array and a value array (the GPU reads them apart). The GPU then
// copies each at PCIe speed without holding up the host. Page-locking is slow, so the session
// keeps two and lays out the next partition's witness in one while the GPU proves from the other.
class GpuWitness {
 public:
  // Empty, for uploads to `device`.
  explicit GpuWitness(kernels::Device device)
      : inputs_(device), bits_(device), wide_index_(device), wide_value_(device) {}
  GpuWitness(kernels::Device device, const circuit::CompactWitness& witness) : GpuWitness(device) {
    assign(witness);
  }
  // Copies `witness` in, reusing this object's memory where it is large enough.
  void assign(const circuit::CompactWitness& witness);
  // Valid until the next assign; nothing may reassign while an upload from it is in flight.
  kernels::WitnessView view() const;

 private:
  kernels::PinnedArray<bls12_381::Fr> inputs_;
  kernels::PinnedArray<std::uint64_t> bits_;
  kernels::PinnedArray<std::uint64_t> wide_index_;
  kernels::PinnedArray<bls12_381::Fr> wide_value_;
};

}  // namespace cuzk::pipeline
