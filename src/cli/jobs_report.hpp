// What `cuzk prove --jobs` reports at the end: one record per job (its timing report, as a
// single `cuzk prove` writes it), the summary line on stderr, and the --timings file
//   {"command":"prove --jobs","jobs":[{"job":1,"line":1,"proof":"porep","input":"...",
//     "output":"...","ok":true,"error":"","timings":{...as timings.hpp...}},...],
//    "summary":{"sectors":N,"failed":F,"wall_s":s,"steady_state_s_per_sector":s,
//               "gpu_busy_fraction":f,"peak_host_rss_bytes":n}}
// ("proof" is "porep" for a C1's job, "update" for an update input's, "" for a line that did not
// parse; the steady state and the GPU fraction are null when they cannot be measured).
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <span>
#include <string>

#include "cli/timings.hpp"

namespace cuzk::cli {

struct JobRecord {
  std::size_t number = 0;  // from 1, in the order of the list
  std::size_t line = 0;    // in the list
  std::string proof;       // "porep", "update", or empty when the line did not parse
  std::string input;       // the C1 or the update input
  std::string output;
  bool ok = false;
  std::string error;            // when not ok
  double finished_seconds = 0;  // since the run started, when the proof was written
  TimingReport timings;
};

struct JobsSummary {
  std::size_t proved = 0;
  std::size_t failed = 0;
  double wall_seconds = 0;
  // From the first proof written to the last, per sector after the first: what a stream of
  // sectors costs once the parameters are loaded and the pipeline is full.
  std::optional<double> steady_seconds_per_sector;
  // The union of the partitions' busy intervals over the GPU threads' wall time (GPU jobs only):
  // never above 1, however the partitions overlap.
  std::optional<double> gpu_busy_fraction;
  double peak_host_rss_bytes = 0;
};

JobsSummary summarize(std::span<const JobRecord> records, double wall_seconds,
                      double gpu_busy_seconds, double gpu_span_seconds);

// "summary: 3 sectors proved, 1 failed, 12.3 s; steady state 4.0 s per sector; GPU busy 93%".
std::string summary_line(const JobsSummary& summary);

std::string jobs_timings_json(std::span<const JobRecord> records, const JobsSummary& summary);
// Atomically (util/atomic_file.hpp).
void write_jobs_timings_file(const std::filesystem::path& path, std::span<const JobRecord> records,
                             const JobsSummary& summary);

}  // namespace cuzk::cli
