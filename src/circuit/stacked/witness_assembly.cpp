#include "circuit/stacked/witness_assembly.hpp"

#include <utility>

namespace cuzk::circuit::stacked {

WitnessAssembly::WitnessAssembly(std::size_t partitions, std::size_t tasks,
                                 const CircuitSize& total, WitnessReady ready,
                                 const WitnessMemory& memory)
    : tasks_(tasks),
      ready_(std::move(ready)),
      wide_(partitions * tasks),
      errors_(partitions * tasks),
      remaining_(partitions) {
  out_.reserve(partitions);
  for (std::size_t p = 0; p < partitions; ++p) {
    out_.emplace_back(total.num_inputs, total.num_aux, memory ? memory(p) : nullptr);
    out_.back().inputs[0] = Fr::one();
  }
  for (auto& r : remaining_) r.store(tasks, std::memory_order_relaxed);
}

void WitnessAssembly::done(std::size_t partition, std::size_t task, std::vector<WideValue>&& wide) {
  wide_[partition * tasks_ + task] = std::move(wide);
  finish_task(partition);
}

void WitnessAssembly::failed(std::size_t partition, std::size_t task, std::exception_ptr error) {
  errors_[partition * tasks_ + task] = std::move(error);
  finish_task(partition);
}

void WitnessAssembly::finish_task(std::size_t p) {
  // The release/acquire pair makes every task's writes visible to the one that finishes last.
  if (remaining_[p].fetch_sub(1, std::memory_order_acq_rel) != 1) return;
  const auto first = static_cast<std::ptrdiff_t>(p * tasks_);
  const auto last = first + static_cast<std::ptrdiff_t>(tasks_);
  for (auto e = errors_.begin() + first; e != errors_.begin() + last; ++e) {
    if (*e) return;
  }
  std::size_t count = 0;
  for (auto b = wide_.begin() + first; b != wide_.begin() + last; ++b) count += b->size();
  CompactWitness& w = out_[p];
  // One allocation, on this task's thread: from a heap of the partition's own it is a short
  // request to the thread that owns the heap.
  w.wide.reserve(count);
  for (auto b = wide_.begin() + first; b != wide_.begin() + last; ++b) {
    w.wide.insert(w.wide.end(), b->begin(), b->end());
    std::vector<WideValue>().swap(*b);
  }
  const std::lock_guard lock(ready_lock_);
  try {
    ready_(p, std::move(w));
  } catch (...) {
    errors_[static_cast<std::size_t>(first)] = std::current_exception();
  }
}

void WitnessAssembly::rethrow_first_error() const {
  for (const auto& e : errors_) {
    if (e) std::rethrow_exception(e);
  }
}

}  // namespace cuzk::circuit::stacked
