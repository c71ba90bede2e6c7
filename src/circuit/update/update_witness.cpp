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
  // The prefix and challenge 0 on this thread, which measures the block.
  WitnessCS head;
  const UpdatePartitionWires wires = synthesize_update_prefix(head, circuit);
  MeasuredPrefix measured;
  measured.prefix = head.size();
  synthesize_update_challenge(head, circuit, wires, 0);
  measured.first_challenge_end = head.size();
  const UpdateLayout layout = update_layout(circuit.shape, measured);
  const CircuitSize total = layout.total();

  CompactWitness w(total.num_inputs, total.num_aux, std::move(memory));
  head.place_into(w);  // ONE included: this system started at nothing
  // The other challenges' wide values, kept in the default resource until they are joined here.
  std::vector<std::vector<WideValue>> wide(layout.challenges);
  parallel_for(layout.challenges - 1, 1, [&](std::size_t k) {
    const std::size_t i = k + 1;
    WitnessCS block(layout.block_start(i));
    synthesize_update_challenge(block, circuit, wires, i);
    check_update_counts(block.size(), layout.block_start(i + 1), "challenge " + std::to_string(i));
    block.place_into(w);
    wide[i].assign(block.wide().begin(), block.wide().end());
  });

  std::size_t count = head.wide().size();
  for (const std::vector<WideValue>& b : wide) count += b.size();
  w.wide.reserve(count);
  w.wide.assign(head.wide().begin(), head.wide().end());
  for (std::vector<WideValue>& b : wide) {
    w.wide.insert(w.wide.end(), b.begin(), b.end());
    std::vector<WideValue>().swap(b);
  }
  return w;
}

}  // namespace cuzk::circuit::update
