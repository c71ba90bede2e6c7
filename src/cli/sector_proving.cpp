#include "cli/sector_proving.hpp"

#include <exception>
#include <string>
#include <utility>

#include "pipeline/gpu_fallback.hpp"
#include "pipeline/gpu_sector_prover.hpp"
#include "prover/cpu_backend.hpp"
#include "util/error.hpp"

namespace cuzk::cli {

namespace {

namespace seal = prover::seal;

SectorProofs prove_on_cpu(const porep::C1Output& c1, const prover::MappedParameters& params,
                          const SectorProvingOptions& o, Progress& progress,
                          TimingReport& timings) {
  prover::CpuBackend backend;
  seal::ProveSealOptions options;
  options.sector = o.sector;
  options.verify = o.verify;
  options.partitions_per_batch = o.partitions_per_batch;
  options.observer = &progress;
  seal::SealProofResult result = seal::prove_seal(c1, params, backend, options);
  for (std::size_t p = 0; p < seal::kSealPhaseCount; ++p) {
    const auto phase = static_cast<seal::SealPhase>(p);
    if (phase == seal::SealPhase::kVerify && !result.verified) continue;
    timings.phases.emplace_back(std::string(seal::phase_name(phase)), result.seconds[p]);
  }
  return {std::move(result.proofs), result.verified};
}

#ifdef CUZK_HAVE_CUDA
SectorProofs prove_on_gpu(const porep::C1Output& c1, const prover::MappedParameters& params,
                          const SectorProvingOptions& o, Progress& progress, TimingReport& timings,
                          pipeline::BackgroundRelease& release) {
  pipeline::GpuSectorOptions options;
  options.sector = o.sector;
  options.verify = o.verify;
  options.gpu_memory_limit = o.gpu_memory_limit;
  options.log = [&progress](const std::string& line) { progress.log(line); };
  options.release = &release;
  pipeline::GpuSectorResult result = pipeline::prove_sector_gpu(c1, params, options);
  const pipeline::GpuSectorReport& r = result.report;
  timings.phases.insert(timings.phases.end(), r.phases.begin(), r.phases.end());
  for (const pipeline::PartitionReport& p : r.partitions) {
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
                                         {"l_ones", static_cast<double>(g.ones[1])},
                                         {"l_tail", static_cast<double>(g.tail[1])},
                                         {"a_ones", static_cast<double>(g.ones[2])},
                                         {"a_tail", static_cast<double>(g.tail[2])},
                                         {"b_ones", static_cast<double>(g.ones[3])},
                                         {"b_tail", static_cast<double>(g.tail[3])}});
  }
  timings.totals.emplace_back("gpu_s", r.gpu_seconds);
  timings.totals.emplace_back("parameters_resident", r.parameters_resident ? 1.0 : 0.0);
  timings.totals.emplace_back("planned_gpu_bytes", static_cast<double>(r.planned_gpu_bytes));
  timings.totals.emplace_back("peak_gpu_bytes", static_cast<double>(r.peak_gpu_bytes));
  timings.totals.emplace_back("last_gpu_result_to_proofs_ms", r.last_gpu_to_proofs_ms);
  timings.totals.emplace_back("release_thread_s", r.release_seconds);
  return {std::move(result.proofs), result.verified};
}
#endif

}  // namespace

SectorProofs prove_sector(const pipeline::BackendChoice& choice, const porep::C1Output& c1,
                          const prover::MappedParameters& params,
                          const SectorProvingOptions& options, Progress& progress,
                          TimingReport& timings, pipeline::BackgroundRelease& release) {
  timings.backend = choice.gpu ? "gpu" : "cpu";
  if (!choice.gpu) return prove_on_cpu(c1, params, options, progress, timings);
#ifdef CUZK_HAVE_CUDA
  const Stopwatch watch;
  try {
    return prove_on_gpu(c1, params, options, progress, timings, release);
  } catch (const std::exception& e) {
    if (pipeline::after_gpu_failure(choice, c1.info().sector_size, e) !=
        pipeline::GpuFailureAction::kProveOnCpu)
      throw;
    progress.warn(pipeline::cpu_fallback_line(e));
    timings.backend = "cpu";
    timings.gpu_fault = e.what();
    timings.phases.emplace_back("gpu_failed", watch.seconds());
  }
  // The CPU prover touches no CUDA: a device left broken by the fault cannot stop it.
  return prove_on_cpu(c1, params, options, progress, timings);
#else
  (void)release;
  throw Error("GPU backend not available in this build (built without CUDA)");
#endif
}

}  // namespace cuzk::cli
