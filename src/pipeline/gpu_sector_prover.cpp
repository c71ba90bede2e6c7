#ifdef CUZK_HAVE_CUDA

#include "pipeline/gpu_sector_prover.hpp"

#include "pipeline/gpu_proving_session.hpp"

namespace cuzk::pipeline {

GpuSectorResult prove_sector_gpu(const porep::C1Output& c1, const prover::MappedParameters& params,
                                 const GpuSectorOptions& o) {
  GpuSessionOptions session_options;
  session_options.gpu_memory_limit = o.gpu_memory_limit;
  session_options.log = o.log;
  session_options.release = o.release;
  session_options.shape = o.shape;
  GpuProvingSession session(params, c1.registered_proof, std::move(session_options));
  GpuPendingSector pending = session.submit(c1, {.sector = o.sector, .verify = o.verify});
  return session.finish(std::move(pending));
}

}  // namespace cuzk::pipeline

#endif  // CUZK_HAVE_CUDA
