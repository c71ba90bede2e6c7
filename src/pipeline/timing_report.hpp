// What proving a sector took, phase by phase, as `cuzk prove --timings`, `cuzk bench sector` and
// the -v table show it (cli/timings.hpp writes it): the seconds of each phase in the order they
// ran, per-partition details and a few totals, each name saying its unit. Filled by the sector
// provers (cpu_sector_prover.hpp, gpu_sector_prover.hpp) and the job queue (job_queue.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace cuzk::pipeline {

using NamedValues = std::vector<std::pair<std::string, double>>;

struct TimingReport {
  std::string command = "prove";
  std::string registered_proof;
  std::uint32_t partitions = 0;
  std::string backend;    // what proved: "gpu" or "cpu"
  std::string gpu_fault;  // the GPU's error when the CPU proved instead; empty otherwise
  NamedValues phases;     // seconds
  std::vector<NamedValues> partition_details;  // per partition, names say their unit
  NamedValues totals;                          // names say their unit
  double total_seconds = 0;
};

}  // namespace cuzk::pipeline
