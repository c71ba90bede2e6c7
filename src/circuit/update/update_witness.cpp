#include "circuit/update/update_witness.hpp"

#include <string>
#include <utility>
#include <vector>

#include "circuit/update/update_circuit.hpp"
#include "circuit/update/update_layout.hpp"
#include "circuit/witness_cs.hpp"
#include "util/parallel_for.hpp"

namespace cuzk::circuit::update {

CompactWitness update_witness(const UpdateCircuit& circuit,
                              std::shared_ptr<std::pmr::memory_resource> memory) {
  validate(circuit);
  WitnessCS prefix;
  const UpdatePartitionWires wires = synthesize_update_prefix(prefix, circuit);
  // A WitnessCS counts no non-zero terms; the witness needs none.
  const UpdateLayout layout = measure_update_layout(circuit, wires, prefix.size(), Nonzeros{});
  const CircuitSize total = layout.total();

  CompactWitness w(total.num_inputs, total.num_aux, std::move(memory));
  prefix.place_into(w);  // ONE included: the prefix's system started at nothing
  // Each challenge's wide values, kept in the default resource until they are joined here.
  std::vector<std::vector<WideValue>> wide(layout.challenges);
  parallel_for(layout.challenges, 1, [&](std::size_t i) {
    WitnessCS block(layout.block_start(i));
    synthesize_update_challenge(block, circuit, wires, i);
    check_update_counts(block.size(), layout.block_start(i + 1), "challenge " + std::to_string(i));
    block.place_into(w);
    wide[i].assign(block.wide().begin(), block.wide().end());
  });

  std::size_t count = prefix.wide().size();
  for (const std::vector<WideValue>& b : wide) count += b.size();
  w.wide.reserve(count);
  w.wide.assign(prefix.wide().begin(), prefix.wide().end());
  for (std::vector<WideValue>& b : wide) {
    w.wide.insert(w.wide.end(), b.begin(), b.end());
    std::vector<WideValue>().swap(b);
  }
  return w;
}

}  // namespace cuzk::circuit::update
