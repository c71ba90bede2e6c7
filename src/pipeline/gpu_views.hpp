// The host's compact shape and witnesses seen through the GPU prover's plain views
// (kernels/groth16_inputs.hpp). Views point into the objects they are made from: keep those alive.
#pragma once

#include <cstdint>
#include <vector>

#include "circuit/compact_r1cs.hpp"
#include "circuit/compact_witness.hpp"
#include "circuit/stacked/record_shape.hpp"
#include "kernels/groth16_inputs.hpp"

namespace cuzk::pipeline {

kernels::R1csView r1cs_view(const circuit::CompactR1cs& r1cs);
// The prefix and challenge 0 as recorded; the GPU writes the other challenges' rows.
kernels::R1csView r1cs_view(const circuit::stacked::PartitionRecording& recording);

// A witness laid out for the upload: the wide values split into an index array and a value array
// (the GPU reads them apart).
class GpuWitness {
 public:
  explicit GpuWitness(const circuit::CompactWitness& witness);
  kernels::WitnessView view() const;

 private:
  const circuit::CompactWitness* witness_;
  std::vector<std::uint64_t> wide_index_;
  std::vector<bls12_381::Fr> wide_value_;
};

}  // namespace cuzk::pipeline
