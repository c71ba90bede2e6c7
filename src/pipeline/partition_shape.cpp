#include "pipeline/partition_shape.hpp"

#include <type_traits>

#include "circuit/update/update_record.hpp"

namespace cuzk::pipeline {

namespace stacked = circuit::stacked;

PartitionShape partition_shape(const CircuitKind& kind) {
  return std::visit(
      [](auto proof) -> PartitionShape {
        if constexpr (std::is_same_v<decltype(proof), porep::RegisteredSealProof>) {
          return stacked::circuit_shape(proof);
        } else {
          return circuit::update::update_shape(proof);
        }
      },
      kind);
}

RecordedR1cs record_partition_r1cs(const PartitionShape& shape) {
  return std::visit(
      [](const auto& s) -> RecordedR1cs {
        if constexpr (std::is_same_v<std::decay_t<decltype(s)>, stacked::CircuitShape>) {
          return stacked::record_partition_blocks(s);
        } else {
          return circuit::update::record_update_partition(s);
        }
      },
      shape);
}

circuit::CircuitSize recorded_size(const RecordedR1cs& r1cs) {
  return std::visit(
      [](const auto& r) -> circuit::CircuitSize {
        if constexpr (std::is_same_v<std::decay_t<decltype(r)>, stacked::PartitionRecording>) {
          return r.size();
        } else {
          return r.size;
        }
      },
      r1cs);
}

std::size_t b_input_count(const RecordedR1cs& r1cs) {
  return std::visit([](const auto& r) { return r.b_input_density.count(); }, r1cs);
}

prover::VectorLengths recorded_lengths(const RecordedR1cs& r1cs) {
  return std::visit([](const auto& r) { return prover::lengths_for_circuit(r); }, r1cs);
}

std::string describe(const RecordedR1cs& r1cs) {
  std::string line = std::to_string(recorded_size(r1cs).num_constraints) + " rows, ";
  if (const auto* blocks = std::get_if<stacked::PartitionRecording>(&r1cs)) {
    line += std::to_string(blocks->layout.challenges) +
            " challenge blocks (one recorded, copied on the GPU), ";
  }
  const std::size_t coefficients =
      std::visit([](const auto& r) { return r.coefficients.size(); }, r1cs);
  return line + std::to_string(coefficients) + " distinct coefficients";
}

WitnessLayout witness_layout(const RecordedR1cs& r1cs) {
  if (const auto* blocks = std::get_if<stacked::PartitionRecording>(&r1cs)) return blocks->layout;
  return std::get<circuit::CompactR1cs>(r1cs).size;
}

}  // namespace cuzk::pipeline
