#include "circuit/update/native_update_witness.hpp"

#include <cstdint>
#include <exception>
#include <string>
#include <utility>
#include <vector>

#include "circuit/native/aux_writer.hpp"
#include "circuit/stacked/witness_assembly.hpp"
#include "circuit/update/native_update_parts.hpp"
#include "util/error.hpp"

namespace cuzk::circuit::update {
namespace {

using Kind = NativeUpdateTask::Kind;

std::string task_name(const NativeUpdateTask& task) {
  switch (task.kind) {
    case Kind::kHead:
      return "the prefix's head";
    case Kind::kApexHashes:
      return "apex hashes " + std::to_string(task.index) + " to " +
             std::to_string(task.index + task.count - 1);
    case Kind::kTail:
      return "the prefix's tail";
    case Kind::kChallenge:
      return "challenge " + std::to_string(task.index);
  }
  return "an unknown stretch";
}

void write_task(const NativeUpdateWitnessPlan& plan, const UpdateCircuit& circuit,
                const UpdatePrefixValues& values, const NativeUpdateTask& task,
                native::AuxWriter& out, std::vector<Fr>& inputs) {
  switch (task.kind) {
    case Kind::kHead:
      return write_update_head(circuit, values, out, inputs);
    case Kind::kApexHashes:
      return write_apex_hashes(plan.tree_d_node(), values, task.index, task.count, out);
    case Kind::kTail:
      return write_update_tail(plan.tree_d_node(), circuit, values, out);
    case Kind::kChallenge:
      return write_update_challenge(plan.tree_d_node(), circuit, values, task.index, out);
  }
  throw Error("native update witness: unknown stretch");
}

// Copies what `out` wrote (and the inputs, which follow ONE) into the task's range, after checking
// that it filled exactly that range.
void place(const native::AuxWriter& out, const std::vector<Fr>& inputs,
           const NativeUpdateTask& task, CompactWitness& whole) {
  if (out.count() != task.num_aux || inputs.size() != task.num_inputs) {
    throw Error("native update witness: " + task_name(task) + " wrote " +
                std::to_string(out.count()) + " aux and " + std::to_string(inputs.size()) +
                " inputs, the gadgets' counts say " + std::to_string(task.num_aux) + " and " +
                std::to_string(task.num_inputs));
  }
  std::copy(inputs.begin(), inputs.end(), whole.inputs.begin() + 1);
  place_bits(whole.bits.mutable_words(), task.aux_start, out.bits());
}

}  // namespace

CompactWitness native_update_witness(const NativeUpdateWitnessPlan& plan,
                                     const UpdateCircuit& circuit,
                                     std::shared_ptr<std::pmr::memory_resource> memory) {
  if (!(circuit.shape == plan.shape())) {
    throw Error("native update witness: a partition of another shape than the plan's");
  }
  validate(circuit);
  const UpdatePrefixValues values = update_prefix_values(circuit);

  const auto tasks = plan.tasks();
  CompactWitness result;
  stacked::WitnessAssembly assembly(
      1, tasks.size(), plan.total(),
      [&](std::size_t, CompactWitness&& w) { result = std::move(w); },
      [&](std::size_t) { return memory; });
#pragma omp parallel for schedule(dynamic, 1)
  for (std::int64_t t = 0; t < static_cast<std::int64_t>(tasks.size()); ++t) {
    const auto k = static_cast<std::size_t>(t);
    try {
      native::AuxWriter out(tasks[k].aux_start, tasks[k].num_aux);
      std::vector<Fr> inputs;
      write_task(plan, circuit, values, tasks[k], out, inputs);
      place(out, inputs, tasks[k], assembly.witness(0));
      assembly.done(0, k, out.take_wide());
    } catch (...) {
      assembly.failed(0, k, std::current_exception());
    }
  }
  assembly.rethrow_first_error();
  return result;
}

}  // namespace cuzk::circuit::update
