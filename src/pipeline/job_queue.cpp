#include "pipeline/job_queue.hpp"

#include <string>
#include <utility>
#include <vector>

#include "pipeline/sector_input.hpp"
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
  return cuzk::output_refusal(job.output, job.input,
                              job.proof_type == ProofType::kPorep ? "C1 file" : "update input");
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

std::size_t JobQueue::page_locked_bytes() const {
  return prover_ != nullptr ? prover_->page_locked_bytes() : 0;
}

void JobQueue::submit(std::size_t number, SectorJob job) {
  Pending pending;
  JobReport& report = pending.report;
  report.number = number;
  report.job = std::move(job);
  report.started_seconds = elapsed_seconds();
  const SectorJob& j = report.job;
  TimingReport& timings = report.timings;
  SectorInput input;
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
      input = read_input(j);
    } catch (...) {
      SectorFailure failure = failure_from_current_exception();
      if (failure.kind == FailureKind::kOther) failure.kind = FailureKind::kInput;
      fail(report, std::move(failure));
      return;
    }
    // Parsed: the bytes (about 50 MB for a 32 GiB sector's C1) need not live while the sector is
    // proved, nor the report hold the input the sector holds.
    report.job.input_bytes.reset();
    report.job.update_input.reset();
    timings.phases.emplace_back(j.proof_type == ProofType::kPorep ? "load_c1" : "load_update",
                                seconds_since(read));
    const CircuitKind kind = circuit_kind(input);
    timings.registered_proof = std::string(registered_name(kind));
    timings.partitions = partition_count(kind);
    observer_.input_read(number, j, kind);
  } catch (...) {
    fail(report, failure_from_current_exception());
    return;
  }
  try {
    PreparedSector sector{prepare_sector(j, input), j.cancel};
    const CircuitKind kind = sector.sector->kind();
    const BackendChoice choice =
        choose_backend(options_.backend, sector_bytes(kind), options_.devices);
    timings.backend = choice.gpu ? "gpu" : "cpu";
    observer_.backend_chosen(number, choice);
    if (prover_ == nullptr || params_kind_ != kind) {
      finish_pending();  // they need the parameters about to be replaced
      swap_parameters(choice, kind, timings);
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

bool JobQueue::preload(const CircuitKind& kind) {
  if (prover_ != nullptr && params_kind_ == kind) return false;
  const BackendChoice choice =
      choose_backend(options_.backend, sector_bytes(kind), options_.devices);
  finish_pending();  // they need the parameters about to be replaced
  TimingReport unused;
  swap_parameters(choice, kind, unused);
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

void JobQueue::swap_parameters(const BackendChoice& choice, const CircuitKind& kind,
                               TimingReport& timings) {
  const std::optional<CircuitKind> before = params_kind_;
  release_parameters();
  if (before && options_.observer != nullptr) {
    options_.observer->log("parameters: swapping " + circuit_name(*before) + " for " +
                           circuit_name(kind));
  }
  // The GPU's shape needs only the registered proof: recorded from here on, beside the
  // parameters' mapping and the GPU session's start, since it is what the first partition waits
  // for.
  ShapeRecording shape;
  if (choice.gpu) shape = ShapeRecording::start(kind);
  const Clock::time_point load = Clock::now();
  params_ = load_parameters_(kind);
  timings.phases.emplace_back("load_params", seconds_since(load));
  params_kind_ = kind;
  prover_ =
      make_sector_prover(choice, kind, {params_.get(), &release_, std::move(shape)}, options_);
}

void JobQueue::release_parameters() {
  if (prover_ != nullptr) {
    retired_gpu_use_ += prover_->gpu_use();
    prover_.reset();
  }
  params_.reset();
  params_kind_.reset();
}

}  // namespace cuzk::pipeline
