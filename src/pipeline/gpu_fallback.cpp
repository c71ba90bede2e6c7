#include "pipeline/gpu_fallback.hpp"

namespace cuzk::pipeline {

GpuFailureAction after_gpu_failure(const BackendChoice& choice, std::uint64_t sector_bytes,
                                   const SectorFailure& failure) {
  if (choice.gpu && choice.automatic && failure.kind == FailureKind::kGpu &&
      sector_bytes <= kAutoCpuMaxSectorBytes)
    return GpuFailureAction::kProveOnCpu;
  return GpuFailureAction::kFail;
}

std::string cpu_fallback_line(const SectorFailure& failure) {
  return "GPU failed: " + failure.message +
         "; proving on the CPU instead (--backend auto, sector <= " +
         std::to_string(kAutoCpuMaxSectorBytes >> 20) + " MiB)";
}

}  // namespace cuzk::pipeline
