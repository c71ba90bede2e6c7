#include "cli/sector_proving.hpp"

#include <exception>
#include <string>
#include <utility>

#include "cli/gpu_timings.hpp"
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
  options.shape = o.shape;
  options.log = [&progress](const std::string& line) { progress.log(line); };
  options.release = &release;
  pipeline::GpuSectorResult result = pipeline::prove_sector_gpu(c1, params, options);
  add_gpu_timings(result.report, timings);
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
