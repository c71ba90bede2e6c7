#include "pipeline/job_queue.hpp"

#include <string>
#include <utility>
#include <vector>

#include "pipeline/porep_sector.hpp"
#include "porep/c1_parser.hpp"
#include "prover/proof.hpp"
#include "util/error.hpp"
#include "util/output_refusal.hpp"

namespace cuzk::pipeline {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Why the output may not be written (util/output_refusal.hpp). Nothing when it may.
std::optional<std::string> output_refusal(const SectorJob& job) {
  if (job.output.empty()) return std::nullopt;  // the proof stays in memory
  return cuzk::output_refusal(job.output, job.input, "C1 file");
}

// The job's C1, from its file or from the bytes it holds, messages starting with its name;
// and, when the job names its registered proof, the C1 must be of it.
porep::C1Output read_c1(const SectorJob& job) {
  porep::C1Output c1 = job.input_bytes == nullptr
                           ? porep::load_c1_file(job.input, porep::C1Checks::kFull, job.overrides)
                           : porep::parse_named_c1(*job.input_bytes, job.input.string(),
                                                   porep::C1Checks::kFull, job.overrides);
  if (job.registered_proof && *job.registered_proof != c1.registered_proof) {
    throw Error(job.input.string() + ": the C1 output is " + std::string(c1.info().name) +
                ", not the " + std::string(porep::seal_proof_info(*job.registered_proof).name) +
                " the job names");
  }
  return c1;
}

void append(TimingReport& into, TimingReport&& from) {
  into.backend = std::move(from.backend);
  into.gpu_fault = std::move(from.gpu_fault);
  into.phases.insert(into.phases.end(), from.phases.begin(), from.phases.end());
  into.partition_details = std::move(from.partition_details);
  into.totals.insert(into.totals.end(), from.totals.begin(), from.totals.end());
}

}  // namespace

JobQueue::JobQueue(ProvingOptions options, ParameterLoader load_parameters, JobObserver& observer)
    : options_(std::move(options)),
      load_parameters_(std::move(load_parameters)),
      observer_(observer),
      start_(Clock::now()),
      gpu_start_(start_gpu_early(options_.backend, options_.devices)) {}

JobQueue::~JobQueue() {
  // The provers first (a GPU session abandons what it holds), then the parameters they read; the
  // pending outputs remove their temporaries.
  prover_.reset();
  params_.reset();
}

double JobQueue::elapsed_seconds() const { return seconds_since(start_); }

GpuUse JobQueue::gpu_use() const {
  GpuUse use = retired_gpu_use_;
  if (prover_ != nullptr) use += prover_->gpu_use();
  return use;
}

void JobQueue::submit(std::size_t number, SectorJob job) {
  Pending pending;
  JobReport& report = pending.report;
  report.number = number;
  report.job = std::move(job);
  report.started_seconds = elapsed_seconds();
  const SectorJob& j = report.job;
  TimingReport& timings = report.timings;
  std::shared_ptr<const porep::C1Output> c1;
  try {
    if (is_set(options_.stop) || is_set(j.cancel.get())) throw Interrupted();
    if (std::optional<std::string> refusal = output_refusal(j)) {
      fail(report, {FailureKind::kOutput, std::move(*refusal)});
      return;
    }
    // Opened before any work, so an unwritable destination fails at once; removed on any failure.
    if (!j.output.empty()) pending.out = std::make_unique<AtomicFile>(j.output);
    const Clock::time_point read = Clock::now();
    try {
      c1 = std::make_shared<const porep::C1Output>(read_c1(j));
    } catch (...) {
      SectorFailure failure = failure_from_current_exception();
      if (failure.kind == FailureKind::kOther) failure.kind = FailureKind::kInput;
      fail(report, std::move(failure));
      return;
    }
    // Parsed: the bytes (about 50 MB at 32 GiB) need not live while the sector is proved.
    report.job.input_bytes.reset();
    timings.phases.emplace_back("load_c1", seconds_since(read));
    timings.registered_proof = std::string(c1->info().name);
    timings.partitions = c1->partitions;
    observer_.c1_read(number, j, *c1);
  } catch (...) {
    fail(report, failure_from_current_exception());
    return;
  }
  try {
    PreparedSector sector{
        std::make_shared<PorepSector>(c1, resolve_sector(j.identity, *c1), j.verify), j.cancel};
    const BackendChoice choice =
        choose_backend(options_.backend, c1->info().sector_size, options_.devices);
    timings.backend = choice.gpu ? "gpu" : "cpu";
    observer_.backend_chosen(number, choice);
    if (prover_ == nullptr || params_proof_ != c1->registered_proof) {
      finish_pending();  // they need the parameters about to be replaced
      swap_parameters(choice, c1->registered_proof, timings);
    }
    prover_->submit(std::move(sector));
    pending_.push_back(std::move(pending));
    // On the GPU the previous job, proved while this one was synthesized, is written now; this
    // one stays in flight. The CPU has proved this one already.
    const std::size_t keep = choice.gpu ? 1 : 0;
    while (pending_.size() > keep) collect_oldest();
  } catch (...) {
    fail(report, failure_from_current_exception());
  }
}

void JobQueue::finish_pending() {
  while (!pending_.empty()) collect_oldest();
}

void JobQueue::collect_oldest() {
  Pending p = std::move(pending_.front());
  pending_.pop_front();
  JobReport& report = p.report;
  SectorOutcome outcome = prover_->collect();
  const bool proved = static_cast<bool>(outcome.result);
  std::optional<SectorFailure> failure;
  if (!proved) failure = outcome.result.error();
  append(report.timings, std::move(outcome.timings));
  if (failure) {
    fail(report, *failure);
    return;
  }
  try {
    const Clock::time_point write = Clock::now();
    const SectorProofs& proofs = outcome.result.value();
    std::vector<std::uint8_t> bytes = prover::encode_proofs(proofs.proofs);
    report.verified = proofs.verified;
    report.proof_bytes = bytes.size();
    if (p.out != nullptr) {
      p.out->write(bytes);
      p.out->commit();
      report.timings.phases.emplace_back("write", seconds_since(write));
    } else {
      report.proof = std::move(bytes);
    }
  } catch (...) {
    SectorFailure f = failure_from_current_exception();
    if (f.kind == FailureKind::kOther) f.kind = FailureKind::kOutput;
    fail(report, std::move(f));
    return;
  }
  end(report);
}

void JobQueue::end(JobReport& report) {
  report.finished_seconds = elapsed_seconds();
  report.timings.total_seconds = report.finished_seconds - report.started_seconds;
  observer_.job_ended(report);
}

void JobQueue::fail(JobReport& report, SectorFailure failure) {
  report.failure = std::move(failure);
  end(report);
}

bool JobQueue::preload(porep::RegisteredSealProof proof) {
  if (prover_ != nullptr && params_proof_ == proof) return false;
  const BackendChoice choice =
      choose_backend(options_.backend, porep::seal_proof_info(proof).sector_size, options_.devices);
  finish_pending();  // they need the parameters about to be replaced
  TimingReport unused;
  swap_parameters(choice, proof, unused);
  return true;
}

bool JobQueue::release() {
  finish_pending();
  const bool loaded = params_ != nullptr;
  release_parameters();
  return loaded;
}

std::filesystem::path JobQueue::loaded_parameters_path() const {
  return params_ != nullptr ? params_->path() : std::filesystem::path();
}

void JobQueue::swap_parameters(const BackendChoice& choice, porep::RegisteredSealProof proof,
                               TimingReport& timings) {
  const bool swapping = params_proof_.has_value();
  const std::string before =
      swapping ? std::string(porep::seal_proof_info(*params_proof_).name) : std::string();
  release_parameters();
  if (swapping && options_.observer != nullptr) {
    options_.observer->log("parameters: swapping " + before + " for " +
                           std::string(porep::seal_proof_info(proof).name));
  }
  // The GPU's shape needs only the registered proof: recorded from here on, beside the
  // parameters' mapping and the GPU session's start, since it is what the first partition waits
  // for.
  ShapeRecording shape;
  if (choice.gpu) shape = ShapeRecording::start(proof);
  const Clock::time_point load = Clock::now();
  params_ = load_parameters_(proof);
  timings.phases.emplace_back("load_params", seconds_since(load));
  params_proof_ = proof;
  prover_ =
      make_sector_prover(choice, proof, {params_.get(), &release_, std::move(shape)}, options_);
}

void JobQueue::release_parameters() {
  if (prover_ != nullptr) {
    retired_gpu_use_ += prover_->gpu_use();
    prover_.reset();
  }
  params_.reset();
  params_proof_.reset();
}

}  // namespace cuzk::pipeline
