#include "cli/prove_jobs.hpp"

#include <algorithm>
#include <cstdio>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli/cli.hpp"
#include "cli/interrupt.hpp"
#include "cli/job_list.hpp"
#include "cli/jobs_report.hpp"
#include "cli/porep_options.hpp"
#include "cli/progress.hpp"
#include "cli/sector_proving.hpp"
#include "pipeline/backend_choice.hpp"
#include "pipeline/background_release.hpp"
#include "porep/c1_parser.hpp"
#include "prover/proof.hpp"
#include "util/atomic_file.hpp"
#include "util/error.hpp"
#include "util/process_memory.hpp"

#ifdef CUZK_HAVE_CUDA
#include "cli/gpu_timings.hpp"
#include "pipeline/gpu_proving_session.hpp"
#endif

namespace cuzk::cli {

namespace {

// A job whose witnesses are with the GPU: what it needs until its proof is written.
struct InFlight {
  JobRecord record;
  double started_seconds = 0;
  std::unique_ptr<porep::C1Output> c1;  // at a fixed address: the pending sector points to it
  std::unique_ptr<AtomicFile> out;
#ifdef CUZK_HAVE_CUDA
  pipeline::GpuPendingSector gpu;
#endif
};

class JobRunner {
 public:
  JobRunner(const ProveOptions& o, const JobsHooks& hooks, const InterruptHandler& interrupt)
      : o_(o),
        hooks_(hooks),
        interrupt_(interrupt),
        progress_("cuzk prove", verbosity_from_flags(o.quiet, o.verbose)),
        backend_(backend_kind_option(o.backend)),
        gpu_start_(pipeline::start_gpu_early(backend_)) {
    // The command line's own values are checked before any job.
    (void)parse_porep_overrides(o.porep);
    (void)resolve_prover_id(o.ids);
    progress_.stop_when(&interrupt.requested());
  }

  void run() {
    JobLineReader reader(o_.jobs);
    std::size_t number = 0;
    for (;;) {
      // While the GPU proves a job, the next is taken only if its line is there: otherwise the
      // proof in flight is written first, not after the list's next line arrives.
      const auto wait = pending_ ? JobLineReader::Wait::kIfReady : JobLineReader::Wait::kBlock;
      JobLineReader::Next next = reader.next(wait, interrupt_.requested());
      if (next.status == JobLineReader::Status::kNotReady) {
        finish_pending();
        continue;
      }
      if (next.status != JobLineReader::Status::kLine) break;
      start_job(++number, next);
    }
    finish_pending();
    release_parameters();
  }

  int finish_run() {
    // In list order (a job proved on the GPU is written after the next one has started).
    std::sort(records_.begin(), records_.end(),
              [](const JobRecord& a, const JobRecord& b) { return a.number < b.number; });
    JobsSummary summary =
        summarize(records_, progress_.elapsed_seconds(), gpu_seconds_, gpu_thread_seconds_);
    summary.peak_host_rss_bytes = static_cast<double>(peak_rss_bytes());
    progress_.log(summary_line(summary));
    if (!o_.timings.empty()) write_jobs_timings_file(o_.timings, records_, summary);
    if (const int status = interrupt_.exit_status(); status != 0) return status;
    return summary.failed == 0 ? kExitSuccess : kExitFailure;
  }

 private:
  void start_job(std::size_t number, const JobLineReader::Next& line) {
    InFlight job;
    job.record.number = number;
    job.record.line = line.line_number;
    job.started_seconds = progress_.elapsed_seconds();
    try {
      JobLine parsed;
      try {
        parsed = parse_job_line(line.text);
      } catch (const std::exception& e) {
        throw Error("line " + std::to_string(line.line_number) + ": " + e.what());
      }
      job.record.c1 = parsed.c1;
      job.record.output = parsed.output;
      if (hooks_.job_started) hooks_.job_started(number);
      prove_job(parsed, std::move(job));
    } catch (const std::exception& e) {
      fail(job.record, e.what());
    }
  }

  void prove_job(const JobLine& line, InFlight&& job) {
    TimingReport& timings = job.record.timings;
    PorepOptions porep = o_.porep;
    if (!line.porep_id.empty()) porep.porep_id = line.porep_id;
    const bool own_ids = !line.ids.miner_id.empty() || !line.ids.prover_id.empty();

    Stopwatch watch;
    job.c1 = std::make_unique<porep::C1Output>(
        porep::load_c1_file(line.c1, porep::C1Checks::kFull, parse_porep_overrides(porep)));
    const porep::C1Output& c1 = *job.c1;
    timings.phases.emplace_back("load_c1", watch.seconds());
    const porep::SealProofInfo& info = c1.info();
    timings.registered_proof = std::string(info.name);
    timings.partitions = c1.partitions;
    progress_.log("job " + std::to_string(job.record.number) + ": read " + line.c1 + ": " +
                  std::string(info.name) + ", " + std::to_string(c1.partitions) + " partition(s)");
    progress_.detail(porep_summary(c1.registered_proof, c1.overrides));
    const auto sector = prover_sector(own_ids ? line.ids : o_.ids, line.sector_id, c1);
    const pipeline::BackendChoice choice = pipeline::choose_backend(backend_, info.sector_size);
    timings.backend = choice.gpu ? "gpu" : "cpu";
    progress_.detail(choice.reason);

    watch = Stopwatch();
    if (!params_ || params_proof_ != c1.registered_proof) {
      finish_pending();  // it needs the parameters about to be replaced
      swap_parameters(c1.registered_proof);
      timings.phases.emplace_back("load_params", watch.seconds());
    }
    // Opened before proving, so an unwritable destination fails at once; removed on any failure.
    job.out = std::make_unique<AtomicFile>(line.output);

    if (choice.gpu) {
#ifdef CUZK_HAVE_CUDA
      if (!session_) {
        pipeline::GpuSessionOptions options;
        options.gpu_memory_limit = o_.gpu_memory_limit;
        options.log = [this](const std::string& l) { progress_.log(l); };
        options.release = &release_;
        options.stop = &interrupt_.requested();
        session_ = std::make_unique<pipeline::GpuProvingSession>(*params_, c1.registered_proof,
                                                                 std::move(options));
      }
      job.gpu = session_->submit(c1, {.sector = sector, .verify = !o_.no_verify});
      finish_pending();  // the previous job, proved on the GPU while this one was synthesized
      pending_ = std::move(job);
      return;
#else
      throw Error("GPU backend not available in this build (built without CUDA)");
#endif
    }
    finish_pending();
    SectorProvingOptions proving;
    proving.sector = sector;
    proving.verify = !o_.no_verify;
    proving.gpu_memory_limit = o_.gpu_memory_limit;
    const SectorProofs result =
        prove_sector(choice, c1, *params_, proving, progress_, timings, release_);
    write_proof(job, result.proofs, result.verified);
  }

  // Never throws: a failure is the pending job's, reported on its line.
  void finish_pending() {
    if (!pending_) return;
    InFlight job = std::move(*pending_);
    pending_.reset();
#ifdef CUZK_HAVE_CUDA
    try {
      pipeline::GpuSectorResult result = session_->finish(std::move(job.gpu));
      add_gpu_timings(result.report, job.record.timings);
      write_proof(job, result.proofs, result.verified);
    } catch (const std::exception& e) {
      fail(job.record, e.what());
    }
#endif
  }

  void write_proof(InFlight& job, const std::vector<prover::Proof>& proofs, bool verified) {
    Stopwatch watch;
    const std::vector<std::uint8_t> bytes = prover::encode_proofs(proofs);
    job.out->write(bytes);
    job.out->commit();
    JobRecord& r = job.record;
    r.timings.phases.emplace_back("write", watch.seconds());
    r.finished_seconds = progress_.elapsed_seconds();
    r.timings.total_seconds = r.finished_seconds - job.started_seconds;
    r.ok = true;
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.1f", r.timings.total_seconds);
    progress_.log("job " + std::to_string(r.number) + " (" + r.c1 + "): wrote " + r.output +
                  " in " + seconds + " s" + (verified ? "" : " (not verified: --no-verify)"));
    records_.push_back(std::move(r));
  }

  // Shown even with -q: a failed job is an error.
  void fail(JobRecord& r, const std::string& reason) {
    r.ok = false;
    r.error = reason;
    const std::string line = "job " + std::to_string(r.number) + ": failed: " + reason;
    if (o_.quiet) {
      std::fprintf(stderr, "cuzk prove: %s\n", line.c_str());
    } else {
      progress_.log(line);
    }
    records_.push_back(std::move(r));
  }

  // The parameters of `proof` in place of the current ones (and their GPU session).
  void swap_parameters(porep::RegisteredSealProof proof) {
    const bool swapping = params_ != nullptr;
    const std::string before =
        swapping ? std::string(porep::seal_proof_info(params_proof_).name) : std::string();
    release_parameters();
    if (swapping) {
      progress_.log("parameters: swapping " + before + " for " +
                    std::string(porep::seal_proof_info(proof).name));
    }
    params_ = std::make_unique<prover::MappedParameters>(
        load_seal_parameters(o_.params_dir, proof, o_.verify_params, progress_));
    params_proof_ = proof;
  }

  void release_parameters() {
#ifdef CUZK_HAVE_CUDA
    if (session_) {
      gpu_seconds_ += session_->gpu_seconds();
      gpu_thread_seconds_ += session_->gpu_thread_seconds();
      session_.reset();
    }
#endif
    params_.reset();
  }

  const ProveOptions& o_;
  const JobsHooks& hooks_;
  const InterruptHandler& interrupt_;
  Progress progress_;
  pipeline::BackendKind backend_;
  std::future<void> gpu_start_;  // the GPU's start-up, beside the first job's C1
  // Frees the big host buffers off the critical path; outlives every session.
  pipeline::BackgroundRelease release_;
  std::unique_ptr<prover::MappedParameters> params_;
  porep::RegisteredSealProof params_proof_{};
#ifdef CUZK_HAVE_CUDA
  std::unique_ptr<pipeline::GpuProvingSession> session_;  // uses params_
#endif
  std::optional<InFlight> pending_;  // uses session_
  std::vector<JobRecord> records_;
  double gpu_seconds_ = 0;
  double gpu_thread_seconds_ = 0;
};

}  // namespace

int prove_jobs(const ProveOptions& options, const JobsHooks& hooks) {
  const InterruptHandler interrupt;
  JobRunner runner(options, hooks, interrupt);
  runner.run();
  return runner.finish_run();
}

}  // namespace cuzk::cli
