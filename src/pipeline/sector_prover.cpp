#include "pipeline/sector_prover.hpp"

#include <chrono>
#include <deque>
#include <optional>
#include <utility>

#include "pipeline/cpu_sector_prover.hpp"
#include "pipeline/gpu_fallback.hpp"
#include "pipeline/gpu_sector_prover.hpp"
#include "util/error.hpp"

namespace cuzk::pipeline {

namespace {

using Clock = std::chrono::steady_clock;

// The GPU prover, made when the first sector comes and made again for the sector after a GPU
// fault, so that one fault does not end a stream's use of the GPU. A sector the fault failed is
// proved again on the CPU where gpu_fallback.hpp allows it, and fails otherwise.
class RecoveringGpuProver final : public SectorProver {
 public:
  RecoveringGpuProver(const BackendChoice& choice, porep::RegisteredSealProof proof,
                      ProverResources resources, const ProvingOptions& options)
      : choice_(choice), proof_(proof), resources_(std::move(resources)), options_(options) {}

  void submit(PreparedSector sector) override {
    if (broken_) retire_gpu();
    Entry entry{std::move(sector), Clock::now(), std::nullopt};
    if (gpu_ == nullptr) {
      try {
        gpu_ = make_gpu_sector_prover(choice_.device, proof_, take_resources(), options_);
      } catch (...) {
        SectorOutcome failed;
        failed.timings.backend = "gpu";
        failed.result = Unexpected(failure_from_current_exception());
        entry.ready = settle(entry, std::move(failed));
        entries_.push_back(std::move(entry));
        return;
      }
    }
    gpu_->submit(entry.sector);
    entries_.push_back(std::move(entry));
  }

  SectorOutcome collect() override {
    if (entries_.empty()) throw Error("sector prover: no sector in flight to collect");
    Entry entry = std::move(entries_.front());
    entries_.pop_front();
    if (entry.ready) return std::move(*entry.ready);
    return settle(entry, gpu_->collect());
  }

  std::size_t in_flight() const override { return entries_.size(); }

  GpuUse gpu_use() const override {
    GpuUse use = retired_use_;
    if (gpu_ != nullptr) use += gpu_->gpu_use();
    return use;
  }

 private:
  struct Entry {
    PreparedSector sector;
    Clock::time_point submitted;
    std::optional<SectorOutcome> ready;  // settled already: nothing of it is on the GPU
  };

  // The shape recorded for the first GPU prover; one made after a fault records its own.
  ProverResources take_resources() {
    ProverResources r{resources_.params, resources_.release, std::move(resources_.shape)};
    resources_.shape = ShapeRecording();
    return r;
  }

  // The outcome of a sector the GPU prover handed back (or failed to take): after a GPU fault the
  // prover is marked for rebuilding, and the sector proved on the CPU where the rule allows.
  SectorOutcome settle(const Entry& entry, SectorOutcome outcome) {
    if (outcome.result) return outcome;
    const SectorFailure failure = outcome.result.error();
    if (failure.kind != FailureKind::kGpu) return outcome;
    broken_ = true;
    if (after_gpu_failure(choice_, entry.sector.c1->info().sector_size, failure) !=
        GpuFailureAction::kProveOnCpu)
      return outcome;
    if (options_.observer != nullptr) options_.observer->warn(cpu_fallback_line(failure));
    const double lost = std::chrono::duration<double>(Clock::now() - entry.submitted).count();
    if (cpu_ == nullptr) cpu_ = make_cpu_sector_prover(*resources_.params, options_);
    // The CPU prover touches no CUDA: a device left broken by the fault cannot stop it.
    cpu_->submit(entry.sector);
    SectorOutcome on_cpu = cpu_->collect();
    on_cpu.timings.gpu_fault = failure.message;
    on_cpu.timings.phases.insert(on_cpu.timings.phases.begin(), {"gpu_failed", lost});
    return on_cpu;
  }

  // Settles every sector the broken GPU prover still holds, in order, then lets it go.
  void retire_gpu() {
    if (gpu_ != nullptr) {
      for (Entry& entry : entries_) {
        if (!entry.ready) entry.ready = settle(entry, gpu_->collect());
      }
      retired_use_ += gpu_->gpu_use();
      gpu_.reset();
    }
    broken_ = false;
  }

  BackendChoice choice_;
  porep::RegisteredSealProof proof_;
  ProverResources resources_;
  ProvingOptions options_;
  std::unique_ptr<SectorProver> cpu_;  // made at the first fallback
  GpuUse retired_use_;
  bool broken_ = false;                // a GPU fault: rebuild before the next sector
  std::deque<Entry> entries_;          // in submission order
  std::unique_ptr<SectorProver> gpu_;  // destroyed first: it may read the entries' C1s
};

}  // namespace

std::unique_ptr<SectorProver> make_sector_prover(const BackendChoice& choice,
                                                 porep::RegisteredSealProof proof,
                                                 ProverResources resources,
                                                 const ProvingOptions& options) {
  if (resources.params == nullptr) throw Error("sector prover: no parameters");
  if (!choice.gpu) return make_cpu_sector_prover(*resources.params, options);
  return std::make_unique<RecoveringGpuProver>(choice, proof, std::move(resources), options);
}

}  // namespace cuzk::pipeline
