// Proving sectors one job after another in one process, as `cuzk prove` and `cuzk prove-update`
// (one job) and `cuzk prove --jobs` (a list) do, PoRep C2 and SnapDeals update jobs alike. For
// every job, in order:
//   its output checked (not a directory, not the input itself) and opened, before any work;
//   its input read and checked (sector_input.hpp), its identity resolved, the backend chosen
//     (backend_choice.hpp);
//   the parameters of its registered proof (seal or update: circuit_kind.hpp) loaded once and
//     kept, with their sector prover (sector_prover.hpp), while the next job has the same
//     registered proof; on the GPU the shape's recording starts before the parameters are mapped;
//   the sector handed to the prover; on the GPU the queue takes the next job while the device
//     proves this one (at most two sectors' witnesses alive), on the CPU it finishes it at once;
//   the proof, verified, written atomically (or, for a job without an output file, handed back
//     in its report); the job's end told to the JobObserver.
// A job's input is a file, or bytes the caller holds (SectorJob::input_bytes).
// A failed job does not stop the others. With ProvingOptions::stop set, no new job starts and the
// one in flight fails Interrupted at its next partition (GPU) or phase (CPU, until its proving has
// started: then it is finished and written); a job's own SectorJob::cancel does the same to it
// alone. Destroying the queue abandons what is still in
// flight, leaving no file at its output.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <functional>
#include <future>
#include <memory>
#include <optional>
#include <vector>

#include "pipeline/backend_choice.hpp"
#include "pipeline/background_release.hpp"
#include "pipeline/circuit_kind.hpp"
#include "pipeline/proving_options.hpp"
#include "pipeline/sector_job.hpp"
#include "pipeline/sector_prover.hpp"
#include "pipeline/timing_report.hpp"
#include "prover/params/mapped_parameters.hpp"
#include "util/atomic_file.hpp"

namespace cuzk::pipeline {

// One job's end.
struct JobReport {
  std::size_t number = 0;  // the caller's
  SectorJob job;
  std::optional<SectorFailure> failure;  // none: the proof is written at job.output
  bool verified = false;
  std::size_t proof_bytes = 0;
  std::vector<std::uint8_t> proof;  // the encoded proof, when the job has no output file
  // load_c1 or load_update, load_params (when loaded for it), the prover's, write.
  TimingReport timings;
  double started_seconds = 0;   // since the queue was made
  double finished_seconds = 0;  // likewise, when the proof was written or the job failed
};

// What a run of jobs tells its caller, on the thread that calls the queue.
class JobObserver {
 public:
  virtual ~JobObserver() = default;
  // The job's input is read: it is of `kind` (a C1 with job.overrides applied, or an update input).
  virtual void input_read(std::size_t number, const SectorJob& job, const CircuitKind& kind) = 0;
  virtual void backend_chosen(std::size_t number, const BackendChoice& choice) = 0;
  // In the order the jobs end, which is the order given except that a job failing before it is
  // proved may end before the one the GPU is still proving.
  virtual void job_ended(const JobReport& report) = 0;
};

// Finds, checks and maps the parameter file of a registered seal or update proof (the command line
// knows the cache and the options); throws cuzk::Error naming the file and what to do.
using ParameterLoader =
    std::function<std::unique_ptr<prover::MappedParameters>(const CircuitKind&)>;

class JobQueue {
 public:
  // Starts the GPU's driver beside the first job's input when the backend may use it.
  JobQueue(ProvingOptions options, ParameterLoader load_parameters, JobObserver& observer);
  ~JobQueue();
  JobQueue(const JobQueue&) = delete;
  JobQueue& operator=(const JobQueue&) = delete;

  // Takes job `number`; returns once it is proved, handed to the GPU, or failed. Never throws for
  // the job's own failure (the observer hears of it).
  void submit(std::size_t number, SectorJob job);
  // Finishes every job in flight (a stream whose next job is not there yet writes what it has).
  void finish_pending();
  bool has_pending() const { return !pending_.empty(); }

  // Loads the parameters of `kind` and makes their sector prover now, as its first job would
  // (finishing the jobs in flight first when they are another proof's), so that the first job
  // does not wait for them. False when they are loaded already. Throws cuzk::Error as the
  // loader or the backend choice does.
  bool preload(const CircuitKind& kind);
  // Finishes the jobs in flight and lets the parameters and their prover go. False when none
  // were loaded.
  bool release();
  // The registered proof whose parameters are loaded, if any.
  std::optional<CircuitKind> loaded_proof() const { return params_kind_; }
  // The loaded parameter file's path; empty when none is.
  std::filesystem::path loaded_parameters_path() const;

  // The GPU's busy seconds and span over the whole run so far.
  GpuUse gpu_use() const;
  // Host memory the loaded parameters' prover holds page-locked (SectorProver::page_locked_bytes).
  std::size_t page_locked_bytes() const;
  double elapsed_seconds() const;

 private:
  struct Pending {
    JobReport report;
    std::unique_ptr<AtomicFile> out;
  };

  void prove(Pending&& pending, std::size_t keep_in_flight);
  void collect_oldest();
  void end(JobReport& report);
  void fail(JobReport& report, SectorFailure failure);
  void swap_parameters(const BackendChoice& choice, const CircuitKind& kind, TimingReport& timings);
  void release_parameters();

  ProvingOptions options_;
  ParameterLoader load_parameters_;
  JobObserver& observer_;
  std::chrono::steady_clock::time_point start_;
  std::future<void> gpu_start_;  // the GPU's start-up, beside the first job's C1
  // Frees the big host buffers off the critical path; outlives every prover.
  BackgroundRelease release_;
  std::unique_ptr<prover::MappedParameters> params_;
  std::optional<CircuitKind> params_kind_;
  std::unique_ptr<SectorProver> prover_;  // uses params_
  GpuUse retired_gpu_use_;                // of the provers let go before
  std::deque<Pending> pending_;           // handed to prover_, oldest first
};

}  // namespace cuzk::pipeline
