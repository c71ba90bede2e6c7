// Assembles the compact witnesses of several partitions from tasks that each fill their own range
// of one partition's witness (the prefix, a challenge, a part of a challenge), in any order on any
// thread: each task places its bits and inputs itself and hands over its wide values; when a
// partition's last task is done, its wide values are joined in task order (which is aux order)
// and the partition is handed to the consumer at once. Shared by the generic synthesis
// (synthesize_witness.hpp) and the native generator (native_witness.hpp).
#pragma once

#include <atomic>
#include <cstddef>
#include <exception>
#include <functional>
#include <memory>
#include <memory_resource>
#include <mutex>
#include <vector>

#include "circuit/compact_witness.hpp"
#include "circuit/fingerprint_hasher.hpp"

namespace cuzk::circuit::stacked {

// Called once per partition, as soon as its witness is complete; calls never overlap.
using WitnessReady = std::function<void(std::size_t index, CompactWitness&& witness)>;
// The memory partition `index`'s witness is allocated from, kept alive by the witness (the GPU
// path gives each partition a heap of its own); none, or an empty function: the default
// resource. Called once per partition, on the thread that starts the synthesis.
using WitnessMemory = std::function<std::shared_ptr<std::pmr::memory_resource>(std::size_t index)>;

class WitnessAssembly {
 public:
  // Witnesses of `total`'s size (ONE set, everything else zero) for `partitions` partitions of
  // `tasks` tasks each, each in the memory `memory` gives it.
  WitnessAssembly(std::size_t partitions, std::size_t tasks, const CircuitSize& total,
                  WitnessReady ready, const WitnessMemory& memory = {});

  // Where task writers place their bits and inputs (place_bits is safe across tasks).
  CompactWitness& witness(std::size_t partition) { return out_[partition]; }

  // Task `task` of `partition` finished with these wide values (in aux order), or failed.
  void done(std::size_t partition, std::size_t task, std::vector<WideValue>&& wide);
  void failed(std::size_t partition, std::size_t task, std::exception_ptr error);

  // After every task has reported: the first failure, if any.
  void rethrow_first_error() const;

 private:
  void finish_task(std::size_t partition);

  std::size_t tasks_;
  WitnessReady ready_;
  std::vector<CompactWitness> out_;
  std::vector<std::vector<WideValue>> wide_;  // partition-major, one per task
  std::vector<std::exception_ptr> errors_;    // likewise
  std::vector<std::atomic<std::size_t>> remaining_;
  std::mutex ready_lock_;
};

}  // namespace cuzk::circuit::stacked
