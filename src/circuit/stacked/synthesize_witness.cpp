#include "circuit/stacked/synthesize_witness.hpp"

#include <cstdint>
#include <exception>
#include <string>

#include "circuit/stacked/stacked_circuit.hpp"
#include "circuit/witness_cs.hpp"

namespace cuzk::circuit::stacked {

void synthesize_witnesses(std::span<const StackedCircuit> circuits, const PartitionLayout& layout,
                          const WitnessReady& ready) {
  const std::size_t n = circuits.size();
  const std::size_t per = layout.challenges;
  // Task 0 of a partition is its prefix, task i + 1 its challenge i.
  WitnessAssembly assembly(n, per + 1, layout.total(), ready);
  std::vector<PartitionWires> wires(n);
  std::vector<std::uint8_t> prefix_ok(n, 0);  // not vector<bool>: threads write neighbours
  const auto block_wide = [](const WitnessCS& cs) {
    return std::vector<WideValue>(cs.wide().begin(), cs.wide().end());
  };

#pragma omp parallel for schedule(dynamic, 1)
  for (std::int64_t pi = 0; pi < static_cast<std::int64_t>(n); ++pi) {
    const auto p = static_cast<std::size_t>(pi);
    try {
      check_challenge_count(circuits[p]);
      if (circuits[p].shape.challenges != layout.challenges)
        throw Error("stacked circuit: a partition of another shape in the batch");
      WitnessCS prefix;
      wires[p] = synthesize_prefix(prefix, circuits[p]);
      check_counts(prefix.size(), layout.prefix, "the prefix");
      prefix.place_into(assembly.witness(p));
      prefix_ok[p] = 1;
      assembly.done(p, 0, block_wide(prefix));
    } catch (...) {
      assembly.failed(p, 0, std::current_exception());
    }
  }

#pragma omp parallel for schedule(dynamic, 1)
  for (std::int64_t ti = 0; ti < static_cast<std::int64_t>(n * per); ++ti) {
    const std::size_t p = static_cast<std::size_t>(ti) / per;
    const std::size_t i = static_cast<std::size_t>(ti) % per;
    try {
      if (prefix_ok[p] == 0) throw Error("stacked circuit: the prefix failed");
      WitnessCS block(layout.block_start(i));
      synthesize_challenge_of(block, circuits[p], wires[p], i);
      check_counts(block.size(), layout.block_start(i + 1), "challenge " + std::to_string(i));
      block.place_into(assembly.witness(p));
      assembly.done(p, i + 1, block_wide(block));
    } catch (...) {
      assembly.failed(p, i + 1, std::current_exception());
    }
  }
  assembly.rethrow_first_error();
}

std::vector<CompactWitness> synthesize_witnesses(std::span<const StackedCircuit> circuits,
                                                 const PartitionLayout& layout) {
  std::vector<CompactWitness> out(circuits.size());
  synthesize_witnesses(circuits, layout,
                       [&](std::size_t k, CompactWitness&& w) { out[k] = std::move(w); });
  return out;
}

}  // namespace cuzk::circuit::stacked
