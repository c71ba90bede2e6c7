#include "circuit/stacked/native_witness.hpp"

#include <cstdint>
#include <exception>
#include <string>

#include "circuit/native/aux_writer.hpp"
#include "circuit/stacked/stacked_circuit.hpp"
#include "util/error.hpp"

namespace cuzk::circuit::stacked {

namespace {

std::string part_name(const ChallengePartSpan& part) {
  switch (part.part) {
    case ChallengePart::kDataPath:
      return "data path";
    case ChallengePart::kColumn:
      return "column " + std::to_string(part.index);
    case ChallengePart::kChallenge:
      return "challenge bits";
    case ChallengePart::kLabel:
      return "label of layer " + std::to_string(part.index + 1);
    case ChallengePart::kTail:
      return "tail";
  }
  return "unknown part";
}

// Copies what `out` wrote (and the inputs) into the range the layout gives it, after checking
// that the writer filled exactly that range.
void place(const native::AuxWriter& out, const std::vector<Fr>& inputs, const CircuitSize& start,
           const CircuitSize& size, const std::string& what, CompactWitness& whole) {
  if (out.count() != size.num_aux || inputs.size() != size.num_inputs) {
    throw Error("native witness: " + what + " wrote " + std::to_string(out.count()) + " aux and " +
                std::to_string(inputs.size()) + " inputs, the layout says " +
                std::to_string(size.num_aux) + " and " + std::to_string(size.num_inputs));
  }
  std::copy(inputs.begin(), inputs.end(),
            whole.inputs.begin() + static_cast<std::ptrdiff_t>(start.num_inputs));
  place_bits(whole.bits.mutable_words(), start.num_aux, out.bits());
}

}  // namespace

std::vector<CompactWitness> native_witnesses(std::span<const StackedCircuit> circuits,
                                             const PartitionLayout& layout) {
  if (circuits.empty()) return {};
  return native_witnesses(circuits, layout, NativeWitnessPlan(circuits.front().shape));
}

std::vector<CompactWitness> native_witnesses(std::span<const StackedCircuit> circuits,
                                             const PartitionLayout& layout,
                                             const NativeWitnessPlan& plan) {
  std::vector<CompactWitness> out(circuits.size());
  native_witnesses(circuits, layout, plan,
                   [&](std::size_t k, CompactWitness&& w) { out[k] = std::move(w); });
  return out;
}

void native_witnesses(std::span<const StackedCircuit> circuits, const PartitionLayout& layout,
                      const NativeWitnessPlan& plan, const WitnessReady& ready,
                      const WitnessMemory& memory) {
  for (const StackedCircuit& c : circuits) {
    check_challenge_count(c);
    if (c.shape != plan.shape()) {
      throw Error("native witness: a partition of another shape than the plan's");
    }
  }
  if (plan.shape().challenges != layout.challenges || layout.parts.empty()) {
    throw Error("native witness: the layout is not of the plan's shape");
  }
  const std::size_t n = circuits.size();
  const std::size_t parts = layout.parts.size();
  const std::size_t tasks_per_partition = 1 + layout.challenges * parts;  // the prefix first
  WitnessAssembly assembly(n, tasks_per_partition, layout.total(), ready, memory);

#pragma omp parallel for schedule(dynamic, 1)
  for (std::int64_t ti = 0; ti < static_cast<std::int64_t>(n * tasks_per_partition); ++ti) {
    const auto task = static_cast<std::size_t>(ti);
    const std::size_t p = task / tasks_per_partition;
    const std::size_t k = task % tasks_per_partition;
    try {
      std::vector<Fr> inputs;
      if (k == 0) {
        native::AuxWriter w(0, layout.prefix.num_aux);
        write_prefix(circuits[p], w, inputs);
        const CircuitSize own{layout.prefix.num_inputs - 1, layout.prefix.num_aux, 0};
        place(w, inputs, CircuitSize{1, 0, 0}, own, "the prefix", assembly.witness(p));
        assembly.done(p, k, w.take_wide());
      } else {
        const std::size_t i = (k - 1) / parts;
        const ChallengePartSpan& part = layout.parts[(k - 1) % parts];
        const CircuitSize block = layout.block_start(i);
        const CircuitSize start{block.num_inputs + part.start.num_inputs,
                                block.num_aux + part.start.num_aux, 0};
        native::AuxWriter w(start.num_aux, part.size.num_aux);
        write_challenge_part(plan, circuits[p], circuits[p].proofs[i], part, w, inputs);
        place(w, inputs, start, part.size,
              "challenge " + std::to_string(i) + "'s " + part_name(part), assembly.witness(p));
        assembly.done(p, k, w.take_wide());
      }
    } catch (...) {
      assembly.failed(p, k, std::current_exception());
    }
  }
  assembly.rethrow_first_error();
}

}  // namespace cuzk::circuit::stacked
