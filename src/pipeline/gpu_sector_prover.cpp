#include "pipeline/gpu_sector_prover.hpp"

#include "util/error.hpp"

#ifdef CUZK_HAVE_CUDA

#include <deque>
#include <optional>
#include <utility>

#include "pipeline/gpu_proving_session.hpp"
#include "pipeline/porep_sector.hpp"
#include "pipeline/update_sector.hpp"

namespace cuzk::pipeline {

namespace {

SessionCircuit session_circuit(const CircuitKind& kind) {
  if (const auto* seal = std::get_if<porep::RegisteredSealProof>(&kind)) {
    return porep_session_circuit(*seal);
  }
  return update_session_circuit(std::get<porep::update::RegisteredUpdateProof>(kind));
}

void add_gpu_report(const GpuSectorReport& r, TimingReport& timings) {
  timings.phases.insert(timings.phases.end(), r.phases.begin(), r.phases.end());
  for (const PartitionReport& p : r.partitions) {
    const kernels::PartitionGpuTimings& g = p.gpu;
    timings.partition_details.push_back({{"witness_ready_s", p.witness_seconds},
                                         {"gpu_wall_s", p.gpu_wall_seconds},
                                         {"gpu_ms", g.total_ms},
                                         {"witness_upload_ms", g.witness_upload_ms},
                                         {"evaluate_abc_ms", g.evaluate_ms},
                                         {"quotient_ms", g.quotient_ms},
                                         {"msm_h_ms", g.msm_h_ms},
                                         {"l_ms", g.query_ms[1]},
                                         {"a_ms", g.query_ms[2]},
                                         {"b_g1_ms", g.query_ms[3]},
                                         {"b_g2_ms", g.query_ms[4]},
                                         {"ones_batch_ms", g.ones_batch_ms},
                                         {"l_ones", static_cast<double>(g.ones[1])},
                                         {"l_tail", static_cast<double>(g.tail[1])},
                                         {"a_ones", static_cast<double>(g.ones[2])},
                                         {"a_tail", static_cast<double>(g.tail[2])},
                                         {"b_ones", static_cast<double>(g.ones[3])},
                                         {"b_tail", static_cast<double>(g.tail[3])}});
  }
  timings.totals.emplace_back("gpu_s", r.gpu_seconds);
  timings.totals.emplace_back("gpu_pass_s", r.gpu_pass_seconds);
  timings.totals.emplace_back("parameters_resident", r.parameters_resident ? 1.0 : 0.0);
  timings.totals.emplace_back("planned_gpu_bytes", static_cast<double>(r.planned_gpu_bytes));
  timings.totals.emplace_back("peak_gpu_bytes", static_cast<double>(r.peak_gpu_bytes));
  timings.totals.emplace_back("h2d_bytes", static_cast<double>(r.h2d_bytes));
  timings.totals.emplace_back("last_gpu_result_to_proofs_ms", r.last_gpu_to_proofs_ms);
  timings.totals.emplace_back("release_thread_s", r.release_seconds);
}

class GpuSectorProver final : public SectorProver {
 public:
  GpuSectorProver(kernels::Device device, const CircuitKind& kind, ProverResources resources,
                  const ProvingOptions& options)
      : kind_(kind),
        session_(*resources.params, session_circuit(kind),
                 session_options(device, resources, options)) {}

  void submit(PreparedSector sector) override {
    Entry entry;
    try {
      const CircuitKind kind = sector.sector->kind();
      if (kind != kind_) {
        throw Error("the " + std::string(input_name(kind)) + " is " + circuit_name(kind) +
                    ", the GPU prover " + circuit_name(kind_) + "'s");
      }
      entry.pending = session_.submit(sector.sector, sector.cancel);
    } catch (...) {
      entry.failure = failure_from_current_exception();
    }
    entries_.push_back(std::move(entry));
  }

  SectorOutcome collect() override {
    if (entries_.empty()) throw Error("GPU sector prover: no sector in flight to collect");
    Entry entry = std::move(entries_.front());
    entries_.pop_front();
    SectorOutcome outcome;
    outcome.timings.backend = "gpu";
    if (entry.failure) {
      outcome.result = Unexpected(*entry.failure);
      return outcome;
    }
    try {
      GpuSectorResult result = session_.finish(std::move(entry.pending));
      add_gpu_report(result.report, outcome.timings);
      outcome.result = SectorProofs{std::move(result.proofs), result.verified};
    } catch (...) {
      outcome.result = Unexpected(failure_from_current_exception());
    }
    return outcome;
  }

  std::size_t in_flight() const override { return entries_.size(); }

  GpuUse gpu_use() const override {
    return {session_.gpu_busy_seconds(), session_.gpu_thread_seconds()};
  }

  std::size_t page_locked_bytes() const override { return session_.page_locked_bytes(); }

 private:
  struct Entry {
    GpuPendingSector pending;              // holds the sector (and its C1) until finish()
    std::optional<SectorFailure> failure;  // submit() failed: nothing pending
  };

  static GpuSessionOptions session_options(kernels::Device device, ProverResources& resources,
                                           const ProvingOptions& options) {
    GpuSessionOptions o;
    o.device = device;
    o.gpu_memory_limit = options.gpu_memory_limit;
    o.observer = options.observer;
    o.release = resources.release;
    o.stop = options.stop;
    o.shape = std::move(resources.shape);
    return o;
  }

  CircuitKind kind_;
  // Destroyed before the session: a pending sector left in an entry is abandoned (its destructor
  // tells the GPU thread) while the session still runs.
  GpuProvingSession session_;
  std::deque<Entry> entries_;
};

}  // namespace

std::unique_ptr<SectorProver> make_gpu_sector_prover(kernels::Device device,
                                                     const CircuitKind& kind,
                                                     ProverResources resources,
                                                     const ProvingOptions& options) {
  return std::make_unique<GpuSectorProver>(device, kind, std::move(resources), options);
}

}  // namespace cuzk::pipeline

#else  // CUZK_HAVE_CUDA

namespace cuzk::pipeline {

std::unique_ptr<SectorProver> make_gpu_sector_prover(kernels::Device, const CircuitKind&,
                                                     ProverResources, const ProvingOptions&) {
  throw Error("GPU backend not available in this build (built without CUDA)");
}

}  // namespace cuzk::pipeline

#endif  // CUZK_HAVE_CUDA
