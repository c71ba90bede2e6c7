#include "cli/single_job.hpp"

#include <optional>
#include <variant>

#include "cli/porep_options.hpp"
#include "cli/timings.hpp"
#include "util/process_memory.hpp"

namespace cuzk::cli {

namespace {

// The one job's lines, as `cuzk prove` has always printed them, and its report.
class SingleJob final : public pipeline::JobObserver {
 public:
  explicit SingleJob(const Progress& progress) : progress_(progress) {}

  void input_read(std::size_t, const pipeline::SectorJob& job,
                  const pipeline::CircuitKind& kind) override {
    progress_.log("read " + job.input.string() + ": " +
                  std::string(pipeline::registered_name(kind)) + ", " +
                  std::to_string(pipeline::partition_count(kind)) + " partition(s) of " +
                  std::to_string(pipeline::challenges_per_partition(kind)) + " challenges");
    if (const auto* seal = std::get_if<porep::RegisteredSealProof>(&kind)) {
      progress_.detail(porep_summary(*seal, job.overrides));
    }
  }
  void backend_chosen(std::size_t, const pipeline::BackendChoice& choice) override {
    progress_.log(choice.reason);
  }
  void job_ended(const pipeline::JobReport& report) override { report_ = report; }

  const pipeline::JobReport& report() const { return *report_; }

 private:
  const Progress& progress_;
  std::optional<pipeline::JobReport> report_;
};

}  // namespace

pipeline::JobReport prove_single_job(const pipeline::SectorJob& job, const ProveOptions& o,
                                     Progress& progress) {
  SingleJob observer(progress);
  {
    pipeline::JobQueue queue(proving_options(o, progress, progress.meter(), nullptr),
                             parameter_loader(o.params_dir, o.verify_params, progress), observer);
    queue.submit(1, job);
    queue.finish_pending();
  }
  const pipeline::JobReport& report = observer.report();
  if (report.failure) throw_job_failure(*report.failure);
  return report;
}

void report_single_job(const pipeline::JobReport& report, const std::string& command,
                       const ProveOptions& o, const Progress& progress) {
  TimingReport timings = report.timings;
  timings.command = command;
  timings.total_seconds = progress.elapsed_seconds();
  timings.totals.emplace_back("peak_host_rss_bytes", static_cast<double>(peak_rss_bytes()));
  progress.log("wrote " + o.output + " (" + std::to_string(report.proof_bytes) + " bytes)");
  progress.detail("timings\n" + timings_table(timings));
  if (!o.timings.empty()) write_timings_file(o.timings, timings);
}

}  // namespace cuzk::cli
