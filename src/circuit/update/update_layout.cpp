#include "circuit/update/update_layout.hpp"

#include "circuit/counting_cs.hpp"
#include "util/error.hpp"

namespace cuzk::circuit::update {

namespace {

std::string describe(const CircuitSize& s) {
  return std::to_string(s.num_inputs) + " inputs, " + std::to_string(s.num_aux) + " aux, " +
         std::to_string(s.num_constraints) + " constraints";
}

}  // namespace

UpdateLayout measure_update_layout(const UpdateCircuit& circuit, const UpdatePartitionWires& wires,
                                   const CircuitSize& prefix, const Nonzeros& prefix_nonzeros) {
  // The CountingCS numbers from zero (ONE aside): only what challenge 0 adds is read from it, and
  // its variables' indices are never compared with the prefix's.
  CountingCS count;
  const CircuitSize before = count.size();
  synthesize_update_challenge(count, circuit, wires, 0);
  UpdateLayout layout;
  layout.challenges = circuit.shape.challenge_count;
  layout.prefix = prefix;
  layout.prefix_nonzeros = prefix_nonzeros;
  layout.block = {count.num_inputs() - before.num_inputs, count.num_aux() - before.num_aux,
                  count.num_constraints() - before.num_constraints};
  layout.block_nonzeros = {count.nonzeros_a(), count.nonzeros_b(), count.nonzeros_c()};
  return layout;
}

void check_update_counts(const CircuitSize& end, const CircuitSize& expected,
                         const std::string& what) {
  if (end != expected) {
    throw Error("empty sector update circuit: " + what + " ended at " + describe(end) +
                ", the layout says " + describe(expected));
  }
}

}  // namespace cuzk::circuit::update
