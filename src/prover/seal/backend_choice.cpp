#include "prover/seal/backend_choice.hpp"

#include "prover/cpu_backend.hpp"
#include "util/error.hpp"

#ifdef CUZK_HAVE_CUDA
#include "prover/cuda_backend.hpp"
#endif

namespace cuzk::prover::seal {

std::optional<BackendKind> backend_kind_from_name(std::string_view name) {
  if (name == "auto") return BackendKind::kAuto;
  if (name == "cpu") return BackendKind::kCpu;
  if (name == "gpu") return BackendKind::kGpu;
  return std::nullopt;
}

std::unique_ptr<ProverBackend> make_backend(BackendKind kind) {
  switch (kind) {
    case BackendKind::kAuto:  // the CPU until the GPU prover has been proven end to end
    case BackendKind::kCpu:
      return std::make_unique<CpuBackend>();
    case BackendKind::kGpu:
      break;
  }
#ifdef CUZK_HAVE_CUDA
  return std::make_unique<CudaBackend>();  // throws when there is no usable CUDA device
#else
  throw Error("GPU backend not available in this build (built without CUDA)");
#endif
}

}  // namespace cuzk::prover::seal
