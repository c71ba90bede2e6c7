// GetMetrics' text: read back line by line as a Prometheus scraper reads it, the counters by kind
// and outcome, a phase histogram's cumulative buckets, +Inf, sum and count, and the gauges.
#include <doctest/doctest.h>

#include <map>
#include <sstream>
#include <string>

#include "serve/metrics.hpp"

namespace {

using cuzk::serve::JobResult;
using cuzk::serve::JobState;

// Every sample line: "name{labels}" -> value; every TYPE line: name -> type.
struct Parsed {
  std::map<std::string, double> samples;
  std::map<std::string, std::string> types;
};

Parsed parse(const std::string& text) {
  Parsed p;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    REQUIRE_FALSE(line.empty());
    if (line.starts_with("# TYPE ")) {
      const std::string rest = line.substr(7);
      const auto space = rest.find(' ');
      p.types[rest.substr(0, space)] = rest.substr(space + 1);
      continue;
    }
    if (line.starts_with("# HELP ")) continue;
    const auto space = line.rfind(' ');
    REQUIRE(space != std::string::npos);
    INFO(line);
    REQUIRE(p.samples.count(line.substr(0, space)) == 0);  // no sample twice
    p.samples[line.substr(0, space)] = std::stod(line.substr(space + 1));
  }
  return p;
}

JobResult result(JobState state, std::uint64_t queue_ms, std::uint64_t total_ms,
                 double synthesize) {
  JobResult r;
  r.state = state;
  r.times.queue_wait_ms = queue_ms;
  r.times.total_ms = total_ms;
  r.phases = {{"synthesize", synthesize}, {"prove", 0.5}};
  return r;
}

}  // namespace

TEST_CASE("metrics text: counters by kind and outcome, phase histograms, gauges") {
  cuzk::serve::Metrics m;
  m.job_ended("porep_c2", result(JobState::kCompleted, 2, 1500, 0.2));
  m.job_ended("porep_c2", result(JobState::kCompleted, 30, 3000, 7));
  m.job_ended("porep_c2", result(JobState::kFailed, 0, 10, 1));
  m.job_ended("snap_update", result(JobState::kFailed, 0, 0, 0));
  m.job_ended("porep_c2", result(JobState::kCancelled, 0, 5, 0));
  cuzk::serve::Gauges g;
  g.queued = 4;
  g.in_progress = 1;
  g.uptime_seconds = 12.5;
  g.gpu_busy_seconds = 3.25;
  g.parameter_bytes = {{"porep-2k", 123456}};
  const Parsed p = parse(m.text(g));

  CHECK(p.types.at("cuzk_proofs_total") == "counter");
  CHECK(p.samples.at("cuzk_proofs_total{kind=\"porep_c2\",outcome=\"completed\"}") == 2);
  CHECK(p.samples.at("cuzk_proofs_total{kind=\"porep_c2\",outcome=\"failed\"}") == 1);
  CHECK(p.samples.at("cuzk_proofs_total{kind=\"porep_c2\",outcome=\"cancelled\"}") == 1);
  CHECK(p.samples.at("cuzk_proofs_total{kind=\"snap_update\",outcome=\"failed\"}") == 1);
  CHECK(p.samples.at("cuzk_proofs_completed_total") == 2);
  CHECK(p.samples.at("cuzk_proofs_failed_total") == 2);

  // Only completed proofs feed the phases: synthesize saw 0.2 and 7 seconds.
  CHECK(p.types.at("cuzk_phase_seconds") == "histogram");
  const auto bucket = [&](const char* phase, const char* le) {
    return p.samples.at(std::string("cuzk_phase_seconds_bucket{phase=\"") + phase + "\",le=\"" +
                        le + "\"}");
  };
  CHECK(bucket("synthesize", "0.1") == 0);
  CHECK(bucket("synthesize", "0.25") == 1);
  CHECK(bucket("synthesize", "5") == 1);
  CHECK(bucket("synthesize", "10") == 2);
  CHECK(bucket("synthesize", "600") == 2);
  CHECK(bucket("synthesize", "+Inf") == 2);
  CHECK(p.samples.at("cuzk_phase_seconds_sum{phase=\"synthesize\"}") == doctest::Approx(7.2));
  CHECK(p.samples.at("cuzk_phase_seconds_count{phase=\"synthesize\"}") == 2);
  CHECK(bucket("queue_wait", "0.005") == 1);  // 2 ms
  CHECK(bucket("queue_wait", "0.05") == 2);   // 30 ms
  CHECK(bucket("total", "1") == 0);
  CHECK(bucket("total", "2.5") == 1);
  CHECK(p.samples.at("cuzk_phase_seconds_sum{phase=\"total\"}") == doctest::Approx(4.5));
  // Cumulative: never decreasing across the bounds.
  double previous = 0;
  for (const double le : cuzk::serve::kPhaseBuckets) {
    std::ostringstream bound;
    bound << le;
    const double v = bucket("prove", bound.str().c_str());
    CHECK(v >= previous);
    previous = v;
  }

  CHECK(p.samples.at("cuzk_queue_depth") == 4);
  CHECK(p.samples.at("cuzk_jobs_in_progress") == 1);
  CHECK(p.samples.at("cuzk_gpu_busy_seconds_total") == 3.25);
  CHECK(p.samples.at("cuzk_parameter_bytes{circuit_id=\"porep-2k\"}") == 123456);
  CHECK(p.samples.at("cuzk_uptime_seconds") == 12.5);
}

TEST_CASE("metrics text before any job: the totals at zero, no histogram samples") {
  const Parsed p = parse(cuzk::serve::Metrics().text({}));
  CHECK(p.samples.at("cuzk_proofs_completed_total") == 0);
  CHECK(p.samples.at("cuzk_queue_depth") == 0);
  for (const auto& [name, value] : p.samples) CHECK_FALSE(name.starts_with("cuzk_phase_seconds"));
}
