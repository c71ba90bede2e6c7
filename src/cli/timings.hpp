// `cuzk prove --timings FILE.json`, `cuzk bench sector --timings FILE.json` and the -v table: the
// seconds each phase took, per-partition details and a few totals, written as one JSON object
//   {"command":"prove","registered_proof":...,"partitions":N,"backend":"gpu",
//    ["gpu_fault":"<the error>",]
//    "phases":{"load_c1":s,...},"partition_details":[{"witness_ready_s":s,"gpu_ms":ms,...},...],
//    "totals":{"peak_host_rss_bytes":n,...},"total":s}
// with phases in the order they ran. "backend" is what proved: "cpu" with "gpu_fault" when a GPU
// fault made a `--backend auto` run fall back to the CPU (phase "gpu_failed": the time lost).
#pragma once

#include <filesystem>
#include <string>

#include "pipeline/timing_report.hpp"

namespace cuzk::cli {

using pipeline::NamedValues;
using pipeline::TimingReport;

std::string timings_json(const TimingReport& report);
// A JSON string literal of any text (an error message or a path may hold quotes, backslashes or
// control bytes).
std::string json_quoted(const std::string& text);
// The same for people: one line per phase, then one per partition, then the totals.
std::string timings_table(const TimingReport& report);
// Atomically (util/atomic_file.hpp).
void write_timings_file(const std::filesystem::path& path, const TimingReport& report);

}  // namespace cuzk::cli
