#include "cli/jobs_report.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "cli/timings.hpp"
#include "util/atomic_file.hpp"

namespace cuzk::cli {

namespace {

std::string number(std::optional<double> v) {
  if (!v) return "null";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6f", *v);
  return buf;
}

}  // namespace

JobsSummary summarize(std::span<const JobRecord> records, double wall_seconds,
                      double gpu_busy_seconds, double gpu_span_seconds) {
  JobsSummary s;
  s.wall_seconds = wall_seconds;
  std::vector<double> finished;
  for (const JobRecord& r : records) {
    if (r.ok) {
      finished.push_back(r.finished_seconds);
    } else {
      ++s.failed;
    }
  }
  s.proved = finished.size();
  if (finished.size() >= 2) {
    std::sort(finished.begin(), finished.end());
    s.steady_seconds_per_sector =
        (finished.back() - finished.front()) / static_cast<double>(finished.size() - 1);
  }
  if (gpu_span_seconds > 0) s.gpu_busy_fraction = gpu_busy_seconds / gpu_span_seconds;
  return s;
}

std::string summary_line(const JobsSummary& s) {
  char buf[256];
  std::snprintf(buf, sizeof buf, "summary: %zu sector%s proved, %zu failed, %.1f s", s.proved,
                s.proved == 1 ? "" : "s", s.failed, s.wall_seconds);
  std::string line = buf;
  if (s.steady_seconds_per_sector) {
    std::snprintf(buf, sizeof buf, "; steady state %.2f s per sector (from the second on)",
                  *s.steady_seconds_per_sector);
    line += buf;
  }
  if (s.gpu_busy_fraction) {
    std::snprintf(buf, sizeof buf, "; GPU busy %.0f%%", 100 * *s.gpu_busy_fraction);
    line += buf;
  }
  return line;
}

std::string jobs_timings_json(std::span<const JobRecord> records, const JobsSummary& s) {
  std::string out = "{\"command\":\"prove --jobs\",\"jobs\":[";
  for (std::size_t i = 0; i < records.size(); ++i) {
    const JobRecord& r = records[i];
    std::string timings = timings_json(r.timings);
    while (!timings.empty() && timings.back() == '\n') timings.pop_back();
    if (i > 0) out += ',';
    out += "{\"job\":" + std::to_string(r.number) + ",\"line\":" + std::to_string(r.line) +
           ",\"proof\":" + json_quoted(r.proof) + ",\"input\":" + json_quoted(r.input) +
           ",\"output\":" + json_quoted(r.output) + ",\"ok\":" + (r.ok ? "true" : "false") +
           ",\"error\":" + json_quoted(r.error) + ",\"timings\":" + timings + "}";
  }
  out += "],\"summary\":{\"sectors\":" + std::to_string(s.proved) +
         ",\"failed\":" + std::to_string(s.failed) + ",\"wall_s\":" + number(s.wall_seconds) +
         ",\"steady_state_s_per_sector\":" + number(s.steady_seconds_per_sector) +
         ",\"gpu_busy_fraction\":" + number(s.gpu_busy_fraction) +
         ",\"peak_host_rss_bytes\":" + number(s.peak_host_rss_bytes) + "}}\n";
  return out;
}

void write_jobs_timings_file(const std::filesystem::path& path, std::span<const JobRecord> records,
                             const JobsSummary& summary) {
  const std::string json = jobs_timings_json(records, summary);
  AtomicFile out(path);
  out.write({reinterpret_cast<const std::uint8_t*>(json.data()), json.size()});
  out.commit();
}

}  // namespace cuzk::cli
