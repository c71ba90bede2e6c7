// What the native update witness tests share: an update input made as `cuzk gen-update` makes it
// (really sealed at 2 KiB, structured above), the reference witness (one WitnessCS synthesizing
// the gadgets in order) and the comparison of the two.
#pragma once

#include <doctest/doctest.h>

#include <utility>

#include "circuit/update/native_update_witness.hpp"
#include "circuit/update/update_circuit.hpp"
#include "circuit/witness_cs.hpp"
#include "sealing/update/update_generator.hpp"
#include "witness_compare.hpp"

namespace cuzk::test {

inline porep::update::UpdateInput generate_update_input(
    porep::update::RegisteredUpdateProof proof) {
  sealing::GenerateUpdateOptions options;
  options.proof = proof;
  options.data_seed = 5;
  options.new_data_seed = 9;
  options.identity.sector_id = 3;
  options.method = proof == porep::update::RegisteredUpdateProof::kStackedDrg2KiBV1
                       ? sealing::UpdateReplicaMethod::kSeal
                       : sealing::UpdateReplicaMethod::kStructured;
  return sealing::generate_update(options);
}

inline circuit::CompactWitness sequential_update_witness(
    const circuit::update::UpdateCircuit& circuit) {
  circuit::WitnessCS cs;
  circuit::update::synthesize(cs, circuit);
  return std::move(cs).finish();
}

// Checks that the native witness is the sequential one and of the plan's size; returns it.
inline circuit::CompactWitness check_native_update_witness(
    const circuit::update::NativeUpdateWitnessPlan& plan,
    const circuit::update::UpdateCircuit& circuit) {
  circuit::CompactWitness native = circuit::update::native_update_witness(plan, circuit);
  CHECK(witness_difference(native, sequential_update_witness(circuit)) == "");
  CHECK(native.num_aux == plan.total().num_aux);
  CHECK(native.inputs.size() == plan.total().num_inputs);
  return native;
}

}  // namespace cuzk::test
