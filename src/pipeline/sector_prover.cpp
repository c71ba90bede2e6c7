#include "pipeline/sector_prover.hpp"

#include <chrono>
#include <deque>
#include <optional>
#include <utility>
#include <vector>

#include "pipeline/cpu_sector_prover.hpp"
#include "pipeline/gpu_fallback.hpp"
#include "pipeline/gpu_sector_prover.hpp"
#include "util/error.hpp"

namespace cuzk::pipeline {

namespace {

using Clock = std::chrono::steady_clock;

bool is_gpu_fault(const SectorOutcome& outcome) {
  return !outcome.result && outcome.result.error().kind == FailureKind::kGpu;
}

// The GPU prover, made when the first sector comes and made again after a GPU fault, so that one
// fault does not end a stream's use of the GPU. The sector the fault hit is proved again on the
// CPU where gpu_fallback.hpp allows it, and fails otherwise; the sectors the broken prover still
// held (a stream's next one, synthesized while the GPU proved the first) fail with it through no
// fault of their own, so they are handed to the rebuilt prover instead.
class RecoveringGpuProver final : public SectorProver {
 public:
  RecoveringGpuProver(const BackendChoice& choice, const CircuitKind& kind,
                      ProverResources resources, const ProvingOptions& options)
      : choice_(choice), kind_(kind), resources_(std::move(resources)), options_(options) {}

  void submit(PreparedSector sector) override {
    Entry entry{std::move(sector), Clock::now(), std::nullopt};
    hand_to_gpu(entry);
    entries_.push_back(std::move(entry));
  }

  SectorOutcome collect() override {
    if (entries_.empty()) throw Error("sector prover: no sector in flight to collect");
    Entry entry = std::move(entries_.front());
    entries_.pop_front();
    if (entry.ready) return std::move(*entry.ready);
    SectorOutcome outcome = gpu_->collect();
    if (!is_gpu_fault(outcome)) return outcome;
    rebuild_for_the_others();
    return fall_back(entry, std::move(outcome));
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

  // Submits the entry to the GPU prover, made first if there is none; a prover that cannot be
  // made is the entry's GPU fault, settled at once.
  void hand_to_gpu(Entry& entry) {
    if (gpu_ == nullptr) {
      try {
        gpu_ = make_gpu_sector_prover(choice_.device, kind_, take_resources(), options_);
      } catch (...) {
        SectorOutcome failed;
        failed.timings.backend = "gpu";
        failed.result = Unexpected(failure_from_current_exception());
        entry.ready = fall_back(entry, std::move(failed));
        return;
      }
    }
    gpu_->submit(entry.sector);
  }

  // The shape recorded for the first GPU prover; one made after a fault records its own.
  ProverResources take_resources() {
    ProverResources r{resources_.params, resources_.release, std::move(resources_.shape)};
    resources_.shape = ShapeRecording();
    return r;
  }

  // After a GPU fault: what the broken prover still holds is collected, the prover let go, and
  // each sector that failed with the fault handed to a new one (the others keep their outcome).
  void rebuild_for_the_others() {
    std::vector<std::pair<Entry*, SectorOutcome>> held;
    for (Entry& entry : entries_) {
      if (!entry.ready) held.emplace_back(&entry, gpu_->collect());
    }
    retired_use_ += gpu_->gpu_use();
    gpu_.reset();
    for (auto& [entry, outcome] : held) {
      if (is_gpu_fault(outcome)) {
        hand_to_gpu(*entry);
      } else {
        entry->ready = std::move(outcome);
      }
    }
  }

  // The sector a GPU fault hit: proved on the CPU where the rule allows, failed otherwise.
  SectorOutcome fall_back(const Entry& entry, SectorOutcome outcome) {
    const SectorFailure failure = outcome.result.error();
    if (after_gpu_failure(choice_, sector_bytes(entry.sector.sector->kind()), failure) !=
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

  BackendChoice choice_;
  CircuitKind kind_;
  ProverResources resources_;
  ProvingOptions options_;
  std::unique_ptr<SectorProver> cpu_;  // made at the first fallback
  GpuUse retired_use_;
  std::deque<Entry> entries_;          // in submission order
  std::unique_ptr<SectorProver> gpu_;  // destroyed first: it may read the entries' inputs
};

}  // namespace

std::unique_ptr<SectorProver> make_sector_prover(const BackendChoice& choice,
                                                 const CircuitKind& kind, ProverResources resources,
                                                 const ProvingOptions& options) {
  if (resources.params == nullptr) throw Error("sector prover: no parameters");
  if (!choice.gpu) return make_cpu_sector_prover(*resources.params, options);
  return std::make_unique<RecoveringGpuProver>(choice, kind, std::move(resources), options);
}

}  // namespace cuzk::pipeline
