// How sectors are proved, for a whole run: which backend, which GPUs, how much GPU memory, who
// hears about progress and what asks the work to stop. One options type for both sector provers
// (sector_prover.hpp) and the job queue (job_queue.hpp).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "pipeline/proving_observer.hpp"
#include "prover/backend_kind.hpp"
#include "prover/seal/seal_prover.hpp"
#include "util/work_meter.hpp"

namespace cuzk::pipeline {

struct ProvingOptions {
  // auto: the GPU when one is usable, else the CPU for sectors of at most 512 MiB
  // (backend_choice.hpp); a GPU fault under auto falls back to the CPU (gpu_fallback.hpp).
  prover::BackendKind backend = prover::BackendKind::kAuto;
  // The CUDA devices the run may use, by ordinal; empty: every device the process sees. One GPU
  // proves today: the first usable one of these.
  std::vector<int> devices;
  // Caps the device memory the GPU prover plans with (the device's free memory otherwise).
  std::optional<std::size_t> gpu_memory_limit;
  // The CPU prover's partitions synthesized and proved together (bellperson's batch of 10).
  std::uint32_t cpu_partitions_per_batch = prover::seal::kDefaultPartitionsPerBatch;
  // Progress; none: silent. Must outlive the prover.
  ProvingObserver* observer = nullptr;
  // Where the CPU prover's long steps (MSMs, the quotient's transforms) report how far they are,
  // for a progress bar; none: not followed. Must outlive the prover.
  WorkMeter* meter = nullptr;
  // Once true, no more work starts; the sector in flight fails with Interrupted at its next
  // partition (GPU) or phase (CPU, until its proving has started: then it is finished).
  const std::atomic<bool>* stop = nullptr;
};

}  // namespace cuzk::pipeline
