// What GetMetrics answers: Prometheus' text exposition format (version 0.0.4) of
//   cuzk_proofs_total{kind,outcome}        counter: jobs ended, by proof kind and outcome
//   cuzk_proofs_completed_total, cuzk_proofs_failed_total   counters over every kind
//   cuzk_phase_seconds{phase}              histogram: each phase of the completed proofs
//                                          (queue_wait, load_params, load_c1, synthesize, prove,
//                                          verify, ..., total)
//   cuzk_queue_depth, cuzk_jobs_in_progress   gauges
//   cuzk_gpu_busy_seconds_total            counter: the GPU's busy time (0 without a GPU)
//   cuzk_parameter_bytes{circuit_id}       gauge: the parameter files the prover holds
//   cuzk_uptime_seconds                    gauge
// Counters and histograms are kept here (job_ended, from the job table); the gauges are the
// daemon's state, handed in when the text is made.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "serve/job.hpp"

namespace cuzk::serve {

// Upper bounds, seconds: a 2 KiB proof's phases take milliseconds, a 32 GiB one's up to minutes.
inline constexpr std::array<double, 18> kPhaseBuckets = {
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 20, 30, 60, 120, 300, 600};

struct Gauges {
  std::uint32_t queued = 0;
  std::uint32_t in_progress = 0;
  double uptime_seconds = 0;
  double gpu_busy_seconds = 0;
  std::vector<std::pair<std::string, std::uint64_t>> parameter_bytes;  // circuit id, bytes
};

class Metrics {
 public:
  // Thread-safe.
  void job_ended(const std::string& kind, const JobResult& result);
  std::string text(const Gauges& gauges) const;

 private:
  struct Histogram {
    std::array<std::uint64_t, kPhaseBuckets.size()> buckets{};  // not cumulative
    std::uint64_t count = 0;
    double sum = 0;
    void observe(double seconds);
  };

  mutable std::mutex mutex_;
  std::map<std::pair<std::string, std::string>, std::uint64_t> proofs_;  // (kind, outcome)
  std::uint64_t completed_ = 0, failed_ = 0;
  std::map<std::string, Histogram> phases_;
};

// The label of an outcome in cuzk_proofs_total: "completed", "failed" or "cancelled".
const char* outcome_label(JobState state);

}  // namespace cuzk::serve
