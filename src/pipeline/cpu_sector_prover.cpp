#include "pipeline/cpu_sector_prover.hpp"

#include <deque>
#include <string>
#include <utility>

#include "prover/cpu_backend.hpp"
#include "prover/seal/seal_prover.hpp"
#include "util/error.hpp"

namespace cuzk::pipeline {

namespace {

namespace seal = prover::seal;

// Passes the prover's events on, and turns a stop request (the run's, or the job's cancel) into
// Interrupted at the next phase until the proving has started (there, on the calling thread between
// phases, an exception unwinds the prover cleanly). A sector whose proving has started is finished:
// its minutes of MSMs are not thrown away, and the caller writes the proof before it stops.
class StoppingObserver final : public seal::ProveObserver {
 public:
  StoppingObserver(ProvingObserver* next, const std::atomic<bool>* stop,
                   const std::atomic<bool>* cancel)
      : next_(next), stop_(stop), cancel_(cancel) {}

  void phase_started(seal::SealPhase phase, std::uint32_t first, std::uint32_t count,
                     std::uint32_t total) override {
    // Checked before the proving phase is entered, so that a stop asked for during the
    // synthesis is honoured there, as the comment above says, rather than after the proof.
    if (!proving_ && (is_set(stop_) || is_set(cancel_))) throw Interrupted();
    if (phase == seal::SealPhase::kProve) proving_ = true;
    if (next_ != nullptr) next_->phase_started(phase, first, count, total);
  }
  void partition_done(seal::SealPhase phase, std::uint32_t k, std::uint32_t total) override {
    if (next_ != nullptr) next_->partition_done(phase, k, total);
  }
  void step_done(seal::SealPhase phase, std::string_view step, double seconds) override {
    if (next_ != nullptr) next_->step_done(phase, step, seconds);
  }

 private:
  ProvingObserver* next_;
  const std::atomic<bool>* stop_;
  const std::atomic<bool>* cancel_;
  bool proving_ = false;
};

class CpuSectorProver final : public SectorProver {
 public:
  CpuSectorProver(const prover::MappedParameters& params, const ProvingOptions& options)
      : params_(params), options_(options) {}

  void submit(PreparedSector sector) override { done_.push_back(prove(sector)); }

  SectorOutcome collect() override {
    if (done_.empty()) throw Error("CPU sector prover: no sector in flight to collect");
    SectorOutcome outcome = std::move(done_.front());
    done_.pop_front();
    return outcome;
  }

  std::size_t in_flight() const override { return done_.size(); }

 private:
  SectorOutcome prove(const PreparedSector& sector) {
    SectorOutcome outcome;
    outcome.timings.backend = "cpu";
    try {
      prover::CpuBackend backend(options_.meter);
      StoppingObserver observer(options_.observer, options_.stop, sector.cancel.get());
      CpuSectorProof result = sector.sector->prove_on_cpu(
          params_, backend, {&observer, options_.cpu_partitions_per_batch});
      for (std::size_t p = 0; p < seal::kSealPhaseCount; ++p) {
        const auto phase = static_cast<seal::SealPhase>(p);
        if (phase == seal::SealPhase::kVerify && !result.verified) continue;
        outcome.timings.phases.emplace_back(std::string(seal::phase_name(phase)),
                                            result.seconds[p]);
      }
      outcome.result = SectorProofs{std::move(result.proofs), result.verified};
    } catch (...) {
      outcome.result = Unexpected(failure_from_current_exception());
    }
    return outcome;
  }

  const prover::MappedParameters& params_;
  ProvingOptions options_;
  std::deque<SectorOutcome> done_;
};

}  // namespace

std::unique_ptr<SectorProver> make_cpu_sector_prover(const prover::MappedParameters& params,
                                                     const ProvingOptions& options) {
  return std::make_unique<CpuSectorProver>(params, options);
}

}  // namespace cuzk::pipeline
