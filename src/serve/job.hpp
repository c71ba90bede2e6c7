// One request of `cuzk serve` as the daemon keeps it, whatever the wire says: its key, kind,
// priority and state, the work it hands the prover, and what AwaitProof answers once it ends.
// Plain values, no gRPC: the job table (job_table.hpp) and the metrics (metrics.hpp) use them, and
// the service (proving_service.hpp) turns them into messages.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "pipeline/sector_job.hpp"

namespace cuzk::serve {

// The wire's priorities (PRIORITY_UNSPECIFIED is read as kNormal): higher first.
enum class Priority : std::uint8_t { kLow = 1, kNormal = 2, kHigh = 3, kCritical = 4 };

enum class JobState : std::uint8_t {
  kQueued,     // waiting for the prover
  kRunning,    // handed to the prover
  kCompleted,  // proved and verified
  kFailed,     // refused or failed; JobResult::error says why
  kCancelled,  // by CancelProof, or by the daemon's shutdown
};

bool is_final(JobState state);

// Milliseconds, as AwaitProofResponse reports them.
struct JobTimes {
  std::uint64_t queue_wait_ms = 0;   // submitted to taken by the prover
  std::uint64_t srs_load_ms = 0;     // parameters loaded for this job (0: they were loaded)
  std::uint64_t synthesis_ms = 0;    // the witnesses
  std::uint64_t gpu_compute_ms = 0;  // the GPU's partitions (0 on the CPU)
  std::uint64_t total_ms = 0;        // submitted to ended
};

// A job's end, as the prover gives it; the table adds the queue's times.
struct JobResult {
  JobState state = JobState::kFailed;  // kCompleted, kFailed or kCancelled
  std::vector<std::uint8_t> proof;     // kCompleted: the partition proofs, 192 bytes each
  std::string error;                   // kFailed and kCancelled: one line
  JobTimes times;
  // Seconds per phase of the prover's timing report, for the metrics' histograms.
  std::vector<std::pair<std::string, double>> phases;
};

// What the prover needs of a job: the sector job (a PoRep C1 in memory, or a SnapDeals update's
// input decoded; no output file) with its cancel flag, which the table sets.
struct ProofWork {
  pipeline::SectorJob sector;
};

// A request as the service hands it to the table: valid work to queue, or a refusal that ends the
// job as soon as it is submitted (kFailed with `refusal`).
struct JobSpec {
  std::string id;    // the request_id; the table makes one when it is empty
  std::string kind;  // the metrics' label: "porep_c2", "snap_update", ...
  Priority priority = Priority::kNormal;
  std::string fingerprint;  // equal for the same request sent again (proof_request.hpp)
  std::optional<ProofWork> work;
  std::string refusal;  // when there is no work
};

}  // namespace cuzk::serve
