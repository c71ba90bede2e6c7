#include "pipeline/backend_choice.hpp"

#include "kernels/device/gpu.hpp"
#include "util/error.hpp"

namespace cuzk::pipeline {

BackendChoice choose_backend(BackendKind kind, std::uint64_t sector_bytes) {
  switch (kind) {
    case BackendKind::kCpu:
      return {false, false, "backend: cpu (--backend cpu)"};
    case BackendKind::kGpu:
      if (!kernels::gpu_available())
        throw Error("--backend gpu: no usable GPU (" + kernels::gpu_description() + ")");
      return {true, false, "backend: gpu (" + kernels::gpu_description() + ")"};
    case BackendKind::kAuto:
      break;
  }
  if (kernels::gpu_available())
    return {true, true, "backend: gpu (auto: " + kernels::gpu_description() + ")"};
  if (sector_bytes > kAutoCpuMaxSectorBytes) {
    throw Error("no usable GPU (" + kernels::gpu_description() +
                "), and a sector this large would take hours on the CPU: pass --backend cpu to "
                "prove it there anyway");
  }
  return {false, true, "backend: cpu (auto: " + kernels::gpu_description() + ")"};
}

std::future<void> start_gpu_early(BackendKind kind) {
  if (kind == BackendKind::kCpu) return {};
  return std::async(std::launch::async, kernels::start_device);
}

}  // namespace cuzk::pipeline
