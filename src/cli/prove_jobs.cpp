#include "cli/prove_jobs.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "cli/cli.hpp"
#include "cli/interrupt.hpp"
#include "cli/job_list.hpp"
#include "cli/jobs_report.hpp"
#include "cli/porep_options.hpp"
#include "cli/progress.hpp"
#include "pipeline/job_queue.hpp"
#include "util/error.hpp"
#include "util/process_memory.hpp"

namespace cuzk::cli {

namespace {

// The job lines of a run: each job's line as it starts, its end as it comes (shown even with -q
// when it failed), and every job's record for the summary.
class JobLines final : public pipeline::JobObserver {
 public:
  JobLines(const Progress& progress, bool quiet) : progress_(progress), quiet_(quiet) {}

  void c1_read(std::size_t number, const pipeline::SectorJob& job,
               const porep::C1Output& c1) override {
    progress_.log("job " + std::to_string(number) + ": read " + job.c1.string() + ": " +
                  std::string(c1.info().name) + ", " + std::to_string(c1.partitions) +
                  " partition(s)");
    progress_.detail(porep_summary(c1.registered_proof, c1.overrides));
  }

  void backend_chosen(std::size_t, const pipeline::BackendChoice& choice) override {
    progress_.detail(choice.reason);
  }

  void job_ended(const pipeline::JobReport& report) override {
    JobRecord r;
    r.number = report.number;
    r.line = line_numbers_[report.number];
    r.c1 = report.job.c1.string();
    r.output = report.job.output.string();
    r.timings = report.timings;
    r.finished_seconds = report.finished_seconds;
    if (report.failure) {
      failed(std::move(r), report.failure->message);
      return;
    }
    r.ok = true;
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.1f", r.timings.total_seconds);
    progress_.log("job " + std::to_string(r.number) + " (" + r.c1 + "): wrote " + r.output +
                  " in " + seconds + " s" +
                  (report.verified ? "" : " (not verified: --no-verify)"));
    records_.push_back(std::move(r));
  }

  // A job that failed before the queue took it (its line would not parse).
  void failed(std::size_t number, std::size_t line, const std::string& reason) {
    JobRecord r;
    r.number = number;
    r.line = line;
    failed(std::move(r), reason);
  }

  void starting(std::size_t number, std::size_t line) { line_numbers_[number] = line; }

  // In list order (a job proved on the GPU is written after the next one has started).
  std::vector<JobRecord> records() const {
    std::vector<JobRecord> sorted = records_;
    std::sort(sorted.begin(), sorted.end(),
              [](const JobRecord& a, const JobRecord& b) { return a.number < b.number; });
    return sorted;
  }

 private:
  void failed(JobRecord&& r, const std::string& reason) {
    r.ok = false;
    r.error = reason;
    const std::string line = "job " + std::to_string(r.number) + ": failed: " + reason;
    if (quiet_) {
      std::fprintf(stderr, "cuzk prove: %s\n", line.c_str());
    } else {
      progress_.log(line);
    }
    records_.push_back(std::move(r));
  }

  const Progress& progress_;
  bool quiet_;
  std::map<std::size_t, std::size_t> line_numbers_;  // job number -> its line in the list
  std::vector<JobRecord> records_;
};

// The job a line names, with the command line's defaults where the line has none.
pipeline::SectorJob job_from_line(const ProveOptions& o, const JobLine& line) {
  PorepOptions porep = o.porep;
  if (!line.porep_id.empty()) porep.porep_id = line.porep_id;
  const bool own_ids = !line.ids.miner_id.empty() || !line.ids.prover_id.empty();
  pipeline::SectorJob job;
  job.c1 = line.c1;
  job.output = line.output;
  job.overrides = parse_porep_overrides(porep);
  job.identity = sector_identity(own_ids ? line.ids : o.ids, line.sector_id);
  job.verify = !o.no_verify;
  return job;
}

}  // namespace

int prove_jobs(const ProveOptions& o, const JobsHooks& hooks) {
  const InterruptHandler interrupt;
  Progress progress("cuzk prove", verbosity_from_flags(o.quiet, o.verbose));
  // The command line's own values are checked before any job.
  (void)parse_porep_overrides(o.porep);
  (void)resolve_prover_id(o.ids);
  JobLines lines(progress, o.quiet);
  pipeline::JobQueue queue(proving_options(o, progress, &interrupt.requested()),
                           seal_parameter_loader(o, progress), lines);

  JobLineReader reader(o.jobs);
  std::size_t number = 0;
  for (;;) {
    // While the GPU proves a job, the next is taken only if its line is there: otherwise the
    // proof in flight is written first, not after the list's next line arrives.
    const auto wait =
        queue.has_pending() ? JobLineReader::Wait::kIfReady : JobLineReader::Wait::kBlock;
    JobLineReader::Next next = reader.next(wait, interrupt.requested());
    if (next.status == JobLineReader::Status::kNotReady) {
      queue.finish_pending();
      continue;
    }
    if (next.status != JobLineReader::Status::kLine) break;
    ++number;
    pipeline::SectorJob job;
    try {
      job = job_from_line(o, parse_job_line(next.text));
    } catch (const std::exception& e) {
      lines.failed(number, next.line_number,
                   "line " + std::to_string(next.line_number) + ": " + e.what());
      continue;
    }
    lines.starting(number, next.line_number);
    if (hooks.job_started) hooks.job_started(number);
    queue.submit(number, std::move(job));
  }
  queue.finish_pending();

  const std::vector<JobRecord> records = lines.records();
  const pipeline::GpuUse gpu = queue.gpu_use();
  JobsSummary summary =
      summarize(records, progress.elapsed_seconds(), gpu.busy_seconds, gpu.span_seconds);
  summary.peak_host_rss_bytes = static_cast<double>(peak_rss_bytes());
  progress.log(summary_line(summary));
  if (!o.timings.empty()) write_jobs_timings_file(o.timings, records, summary);
  if (const int status = interrupt.exit_status(); status != 0) return status;
  return summary.failed == 0 ? kExitSuccess : kExitFailure;
}

}  // namespace cuzk::cli
