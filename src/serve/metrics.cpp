#include "serve/metrics.hpp"

#include <charconv>
#include <cmath>
#include <iterator>

namespace cuzk::serve {

namespace {

// The shortest text that reads back as the same double; integers without a fraction.
std::string number(double value) {
  std::array<char, 32> buf{};
  const auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), value);
  return ec == std::errc() ? std::string(buf.data(), end) : std::string("NaN");
}

std::string number(std::uint64_t value) { return std::to_string(value); }

void header(std::string& out, const char* name, const char* type, const char* help) {
  out += "# HELP ";
  out += name;
  out += ' ';
  out += help;
  out += "\n# TYPE ";
  out += name;
  out += ' ';
  out += type;
  out += '\n';
}

// Label values here are ours (kinds, outcomes, phase names, circuit ids): no quote, backslash or
// newline to escape.
void sample(std::string& out, const std::string& name, const std::string& labels,
            const std::string& value) {
  out += name;
  if (!labels.empty()) out += '{' + labels + '}';
  out += ' ' + value + '\n';
}

}  // namespace

const char* outcome_label(JobState state) {
  switch (state) {
    case JobState::kCompleted:
      return "completed";
    case JobState::kCancelled:
      return "cancelled";
    default:
      return "failed";
  }
}

void Metrics::Histogram::observe(double seconds) {
  const auto it = std::lower_bound(kPhaseBuckets.begin(), kPhaseBuckets.end(), seconds);
  if (it != kPhaseBuckets.end()) ++buckets[static_cast<std::size_t>(it - kPhaseBuckets.begin())];
  ++count;
  sum += seconds;
}

void Metrics::job_ended(const std::string& kind, const JobResult& result) {
  const std::lock_guard lock(mutex_);
  ++proofs_[{kind, outcome_label(result.state)}];
  if (result.state == JobState::kCompleted) ++completed_;
  if (result.state == JobState::kFailed) ++failed_;
  if (result.state != JobState::kCompleted) return;
  phases_["queue_wait"].observe(static_cast<double>(result.times.queue_wait_ms) / 1000);
  for (const auto& [phase, seconds] : result.phases) phases_[phase].observe(seconds);
  phases_["total"].observe(static_cast<double>(result.times.total_ms) / 1000);
}

std::string Metrics::text(const Gauges& g) const {
  const std::lock_guard lock(mutex_);
  std::string out;
  header(out, "cuzk_proofs_total", "counter", "Proof jobs ended, by proof kind and outcome.");
  for (const auto& [key, count] : proofs_) {
    sample(out, "cuzk_proofs_total", "kind=\"" + key.first + "\",outcome=\"" + key.second + "\"",
           number(count));
  }
  header(out, "cuzk_proofs_completed_total", "counter", "Proofs completed, every kind.");
  sample(out, "cuzk_proofs_completed_total", "", number(completed_));
  header(out, "cuzk_proofs_failed_total", "counter", "Proof jobs failed, every kind.");
  sample(out, "cuzk_proofs_failed_total", "", number(failed_));

  header(out, "cuzk_phase_seconds", "histogram", "Seconds per phase of the completed proofs.");
  for (const auto& [phase, h] : phases_) {
    const std::string label = "phase=\"" + phase + "\"";
    std::uint64_t cumulative = 0;
    for (std::size_t i = 0; i < kPhaseBuckets.size(); ++i) {
      cumulative += h.buckets[i];
      sample(out, "cuzk_phase_seconds_bucket", label + ",le=\"" + number(kPhaseBuckets[i]) + "\"",
             number(cumulative));
    }
    sample(out, "cuzk_phase_seconds_bucket", label + ",le=\"+Inf\"", number(h.count));
    sample(out, "cuzk_phase_seconds_sum", label, number(h.sum));
    sample(out, "cuzk_phase_seconds_count", label, number(h.count));
  }

  header(out, "cuzk_queue_depth", "gauge", "Jobs waiting for the prover.");
  sample(out, "cuzk_queue_depth", "", number(std::uint64_t{g.queued}));
  header(out, "cuzk_jobs_in_progress", "gauge", "Jobs the prover holds.");
  sample(out, "cuzk_jobs_in_progress", "", number(std::uint64_t{g.in_progress}));
  header(out, "cuzk_gpu_busy_seconds_total", "counter", "Seconds the GPU spent proving.");
  sample(out, "cuzk_gpu_busy_seconds_total", "", number(g.gpu_busy_seconds));
  header(out, "cuzk_parameter_bytes", "gauge", "Bytes of the parameter files the prover holds.");
  for (const auto& [circuit, bytes] : g.parameter_bytes) {
    sample(out, "cuzk_parameter_bytes", "circuit_id=\"" + circuit + "\"", number(bytes));
  }
  header(out, "cuzk_uptime_seconds", "gauge", "Seconds since the daemon started.");
  sample(out, "cuzk_uptime_seconds", "", number(g.uptime_seconds));
  return out;
}

}  // namespace cuzk::serve
