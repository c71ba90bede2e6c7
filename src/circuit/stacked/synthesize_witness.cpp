#include "circuit/stacked/synthesize_witness.hpp"

#include <atomic>
#include <cstdint>
#include <exception>
#include <mutex>
#include <string>

#include "circuit/stacked/stacked_circuit.hpp"
#include "circuit/witness_cs.hpp"

namespace cuzk::circuit::stacked {

namespace {

void rethrow_first(const std::vector<std::exception_ptr>& errors) {
  for (const auto& e : errors) {
    if (e) std::rethrow_exception(e);
  }
}

}  // namespace

void synthesize_witnesses(std::span<const StackedCircuit> circuits, const PartitionLayout& layout,
                          const WitnessReady& ready) {
  const std::size_t n = circuits.size();
  const std::size_t per = layout.challenges;
  const CircuitSize total = layout.total();
  std::vector<CompactWitness> out(n);
  std::vector<PartitionWires> wires(n);
  // Wide values per partition, per block (the prefix first), concatenated in order at the end.
  std::vector<std::vector<std::vector<WideValue>>> wide(
      n, std::vector<std::vector<WideValue>>(per + 1));
  std::vector<std::exception_ptr> errors(n * (per + 1));
  // Challenges of each circuit still running; the task that takes it to zero finishes the circuit.
  std::vector<std::atomic<std::size_t>> remaining(n);
  for (auto& r : remaining) r.store(per, std::memory_order_relaxed);
  std::mutex ready_lock;

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
      CompactWitness& w = out[p];
      w.inputs.assign(total.num_inputs, Fr{});
      w.num_aux = total.num_aux;
      w.bits = BitVector(total.num_aux);
      prefix.place_into(w);
      wide[p][0].assign(prefix.wide().begin(), prefix.wide().end());
    } catch (...) {
      errors[p * (per + 1)] = std::current_exception();
    }
  }

  // The wide values of circuit p's blocks, in order, then hand it over.
  const auto finish = [&](std::size_t p) {
    for (std::size_t b = 0; b <= per; ++b) {
      if (errors[p * (per + 1) + b]) return;
    }
    std::size_t count = 0;
    for (const auto& b : wide[p]) count += b.size();
    out[p].wide.reserve(count);
    for (auto& b : wide[p]) {
      out[p].wide.insert(out[p].wide.end(), b.begin(), b.end());
      std::vector<WideValue>().swap(b);
    }
    const std::lock_guard lock(ready_lock);
    ready(p, std::move(out[p]));
  };

#pragma omp parallel for schedule(dynamic, 1)
  for (std::int64_t ti = 0; ti < static_cast<std::int64_t>(n * per); ++ti) {
    const std::size_t p = static_cast<std::size_t>(ti) / per;
    const std::size_t i = static_cast<std::size_t>(ti) % per;
    if (!errors[p * (per + 1)]) {  // the prefix succeeded
      try {
        WitnessCS block(layout.block_start(i));
        synthesize_challenge_of(block, circuits[p], wires[p], i);
        check_counts(block.size(), layout.block_start(i + 1), "challenge " + std::to_string(i));
        block.place_into(out[p]);
        wide[p][i + 1].assign(block.wide().begin(), block.wide().end());
      } catch (...) {
        errors[p * (per + 1) + i + 1] = std::current_exception();
      }
    }
    if (remaining[p].fetch_sub(1, std::memory_order_acq_rel) == 1) {
      try {
        finish(p);
      } catch (...) {
        errors[p * (per + 1)] = std::current_exception();
      }
    }
  }
  rethrow_first(errors);
}

std::vector<CompactWitness> synthesize_witnesses(std::span<const StackedCircuit> circuits,
                                                 const PartitionLayout& layout) {
  std::vector<CompactWitness> out(circuits.size());
  synthesize_witnesses(circuits, layout,
                       [&](std::size_t k, CompactWitness&& w) { out[k] = std::move(w); });
  return out;
}

}  // namespace cuzk::circuit::stacked
