#include "pipeline/gpu_fallback.hpp"

#include "kernels/device/cuda_error.hpp"

namespace cuzk::pipeline {

GpuFailureAction after_gpu_failure(const BackendChoice& choice, std::uint64_t sector_bytes,
                                   const std::exception& error) {
  const bool gpu_fault = dynamic_cast<const kernels::CudaError*>(&error) != nullptr;
  if (choice.gpu && choice.automatic && gpu_fault && sector_bytes <= kAutoCpuMaxSectorBytes)
    return GpuFailureAction::kProveOnCpu;
  return GpuFailureAction::kFail;
}

std::string cpu_fallback_line(const std::exception& error) {
  return std::string("GPU failed: ") + error.what() +
         "; proving on the CPU instead (--backend auto, sector <= " +
         std::to_string(kAutoCpuMaxSectorBytes >> 20) + " MiB)";
}

}  // namespace cuzk::pipeline
