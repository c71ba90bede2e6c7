#include "cli/prove_jobs.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <map>
#include <stop_token>
#include <string>
#include <thread>
#include <utility>
#include <variant>
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

  void input_read(std::size_t number, const pipeline::SectorJob& job,
                  const pipeline::CircuitKind& kind) override {
    in_flight_ = number;
    progress_.log("job " + std::to_string(number) + ": read " + job.input.string() + ": " +
                  pipeline::circuit_name(kind) + ", " +
                  std::to_string(pipeline::partition_count(kind)) + " partition(s)");
    if (const auto* seal = std::get_if<porep::RegisteredSealProof>(&kind)) {
      progress_.detail(porep_summary(*seal, job.overrides));
    }
  }

  void backend_chosen(std::size_t, const pipeline::BackendChoice& choice) override {
    progress_.detail(choice.reason);
  }

  void job_ended(const pipeline::JobReport& report) override {
    JobRecord r;
    r.number = report.number;
    r.line = line_numbers_[report.number];
    r.proof = report.job.proof_type == pipeline::ProofType::kUpdate ? "update" : "porep";
    r.input = report.job.input.string();
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
    progress_.log("job " + std::to_string(r.number) + " (" + r.input + "): wrote " + r.output +
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

  void starting(std::size_t number, std::size_t line) {
    line_numbers_[number] = line;
    in_flight_ = number;
  }
  // The job read last: the one in flight (on the GPU, the one before may still be finishing).
  std::size_t in_flight() const { return in_flight_; }

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
  std::atomic<std::size_t> in_flight_{0};  // read by the interrupt notice's thread
};

// The provers' progress, as Progress prints it, and whether a job's CPU proving has started (a
// stop then lets it finish, pipeline/cpu_sector_prover.hpp).
class JobProgress final : public pipeline::ProvingObserver {
 public:
  JobProgress(Progress& progress, const JobLines& lines, const JobsHooks& hooks)
      : progress_(progress), lines_(lines), hooks_(hooks) {}

  void log(const std::string& line) const override { progress_.log(line); }
  void warn(const std::string& line) const override { progress_.warn(line); }
  void detail(const std::string& line) const override { progress_.detail(line); }
  void phase_started(prover::seal::SealPhase phase, std::uint32_t first, std::uint32_t count,
                     std::uint32_t total) override {
    if (phase == prover::seal::SealPhase::kCheck) cpu_proving_ = 0;
    if (phase == prover::seal::SealPhase::kProve) cpu_proving_ = lines_.in_flight();
    if (hooks_.phase_started) hooks_.phase_started(lines_.in_flight(), phase);
    progress_.phase_started(phase, first, count, total);
  }
  void partition_done(prover::seal::SealPhase phase, std::uint32_t k,
                      std::uint32_t total) override {
    progress_.partition_done(phase, k, total);
  }
  void step_done(prover::seal::SealPhase phase, std::string_view step, double seconds) override {
    progress_.step_done(phase, step, seconds);
  }

  // The job whose CPU proving has started and will be finished, 0 if none.
  std::size_t cpu_proving() const { return cpu_proving_; }
  void job_ended() { cpu_proving_ = 0; }

 private:
  Progress& progress_;
  const JobLines& lines_;
  const JobsHooks& hooks_;
  std::atomic<std::size_t> cpu_proving_{0};
};

// Says, as soon as SIGINT or SIGTERM arrives, what becomes of the job in flight: the handler only
// sets a flag (interrupt.hpp), and the run may be minutes from its next line.
class InterruptNotice {
 public:
  InterruptNotice(const InterruptHandler& interrupt, const Progress& progress,
                  const JobLines& lines, const JobProgress& job_progress)
      : thread_([&interrupt, &progress, &lines, &job_progress](std::stop_token stop) {
          while (!stop.stop_requested() && !interrupt.requested().load()) {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
          }
          if (stop.stop_requested()) return;
          if (const std::size_t job = job_progress.cpu_proving(); job != 0) {
            progress.warn("interrupted: finishing job " + std::to_string(job) +
                          " (the CPU is proving it), then stopping; a second Ctrl-C ends the "
                          "process at once");
          } else if (const std::size_t job = lines.in_flight(); job != 0) {
            progress.warn("interrupted: stopping; job " + std::to_string(job) +
                          " is abandoned at its next step, no more jobs are taken");
          } else {
            progress.warn("interrupted: stopping before the first job");
          }
        }) {}

 private:
  std::jthread thread_;
};

// The job a line names, with the command line's defaults where the line has none. Those defaults
// (ids, porep_id, API version) are PoRep's: an update job takes none of them.
pipeline::SectorJob job_from_line(const ProveOptions& o, const JobLine& line) {
  pipeline::SectorJob job;
  job.input = line.input;
  job.output = line.output;
  job.verify = !o.no_verify;
  if (line.update) {
    job.proof_type = pipeline::ProofType::kUpdate;
    return job;
  }
  PorepOptions porep = o.porep;
  if (!line.porep_id.empty()) porep.porep_id = line.porep_id;
  const bool own_ids = !line.ids.miner_id.empty() || !line.ids.prover_id.empty();
  job.overrides = parse_porep_overrides(porep);
  job.identity = sector_identity(own_ids ? line.ids : o.ids, line.sector_id);
  return job;
}

// The job list of a file, every line parsed and checked before the first job starts, so that a
// mistake in line 40 is found before hours of proving rather than after. Throws cuzk::Error naming
// every bad line: the run is refused, nothing is proved.
struct ListedJob {
  std::size_t line = 0;
  pipeline::SectorJob job;
};

std::vector<ListedJob> read_job_file(const ProveOptions& o) {
  JobLineReader reader(o.jobs);
  const std::atomic<bool> never{false};
  std::vector<ListedJob> jobs;
  std::vector<std::string> bad;
  for (;;) {
    JobLineReader::Next next = reader.next(JobLineReader::Wait::kBlock, never);
    if (next.status != JobLineReader::Status::kLine) break;
    try {
      jobs.push_back({next.line_number, job_from_line(o, parse_job_line(next.text))});
    } catch (const std::exception& e) {
      bad.push_back("line " + std::to_string(next.line_number) + ": " + e.what());
    }
  }
  if (!bad.empty()) {
    std::string message = o.jobs + ": " + std::to_string(bad.size()) + " bad line" +
                          (bad.size() == 1 ? "" : "s") + ", nothing proved: ";
    for (std::size_t i = 0; i < bad.size(); ++i) message += (i > 0 ? "; " : "") + bad[i];
    throw Error(message);
  }
  return jobs;
}

}  // namespace

int prove_jobs(const ProveOptions& o, const JobsHooks& hooks) {
  const InterruptHandler interrupt;
  Progress progress("cuzk prove", verbosity_from_flags(o.quiet, o.verbose),
                    progress_style(o.progress));
  // The command line's own values are checked before any job, and a list file's every line.
  (void)parse_porep_overrides(o.porep);
  (void)resolve_prover_id(o.ids);
  const bool from_stdin = o.jobs == "-";
  const std::vector<ListedJob> listed = from_stdin ? std::vector<ListedJob>{} : read_job_file(o);

  JobLines lines(progress, o.quiet);
  JobProgress job_progress(progress, lines, hooks);
  pipeline::JobQueue queue(
      proving_options(o, job_progress, progress.meter(), &interrupt.requested()),
      parameter_loader(o.params_dir, o.verify_params, progress), lines);
  const InterruptNotice notice(interrupt, progress, lines, job_progress);
  std::size_t number = 0;
  const auto run = [&](std::size_t line, pipeline::SectorJob&& job) {
    lines.starting(number, line);
    if (hooks.job_started) hooks.job_started(number);
    queue.submit(number, std::move(job));
    job_progress.job_ended();
  };
  if (!from_stdin) {
    for (const ListedJob& j : listed) {
      if (interrupt.requested()) break;
      ++number;
      run(j.line, pipeline::SectorJob(j.job));
    }
  } else {
    JobLineReader reader(o.jobs);
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
      run(next.line_number, std::move(job));
    }
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
