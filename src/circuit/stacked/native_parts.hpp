// The StackedDRG circuit's witness computed natively, part by part (ChallengePart in
// challenge_circuit.hpp): for each part, the values its gadgets allocate, in their order, written
// with native SHA-256 and Poseidon (circuit/native/) instead of through a constraint system. Each
// part needs only the circuit's inputs, so parts can be written on different threads.
#pragma once

#include <cstdint>
#include <vector>

#include "circuit/native/aux_writer.hpp"
#include "circuit/native/sha256_node_trace.hpp"
#include "circuit/native/sha256_trace.hpp"
#include "circuit/stacked/circuit_inputs.hpp"
#include "circuit/stacked/partition_layout.hpp"

namespace cuzk::circuit::stacked {

// What every partition of one shape shares: the SHA-256 programs of tree D's node hash and of
// each layer's create_label (tens of milliseconds to make for 32 GiB: make the plan once per
// shape when generating partitions one call at a time).
class NativeWitnessPlan {
 public:
  explicit NativeWitnessPlan(const CircuitShape& shape);

  const CircuitShape& shape() const { return shape_; }
  // Tree D's node.
  const native::Sha256NodeTrace& data_node() const { return data_node_; }
  // replica_id | layer | node | zeros | 37 parents; the layer is a constant of the message.
  const native::Sha256MessageTrace& label(std::uint32_t layer) const { return labels_[layer - 1]; }

 private:
  NativeWitnessPlan(const CircuitShape& shape, const native::Sha256ProgramSet& programs);

  CircuitShape shape_;
  native::Sha256NodeTrace data_node_;
  std::vector<native::Sha256MessageTrace> labels_;
};

// synthesize_prefix's values; appends its public inputs (ONE excluded) to `inputs`.
void write_prefix(const StackedCircuit& circuit, native::AuxWriter& out, std::vector<Fr>& inputs);

// One part of one challenge; appends the part's public inputs to `inputs`. Throws cuzk::Error on
// a missing value (as the gadgets do).
void write_challenge_part(const NativeWitnessPlan& plan, const StackedCircuit& circuit,
                          const ChallengeWitness& proof, const ChallengePartSpan& part,
                          native::AuxWriter& out, std::vector<Fr>& inputs);

}  // namespace cuzk::circuit::stacked
