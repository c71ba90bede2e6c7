#include "pipeline/backend_choice.hpp"

#include "kernels/device/gpu.hpp"
#include "util/error.hpp"

namespace cuzk::pipeline {

namespace {

// The device that would prove: the first of `devices`, or device 0 of those the process sees.
int candidate_device(std::span<const int> devices) { return devices.empty() ? 0 : devices.front(); }

}  // namespace

BackendChoice choose_backend(prover::BackendKind kind, std::uint64_t sector_bytes,
                             std::span<const int> devices) {
  const int device = candidate_device(devices);
  switch (kind) {
    case prover::BackendKind::kCpu:
      return {false, false, "backend: cpu (--backend cpu)"};
    case prover::BackendKind::kGpu:
      if (!kernels::gpu_available())
        throw Error("--backend gpu: no usable GPU (" + kernels::gpu_description() + ")");
      return {true, false, "backend: gpu (" + kernels::gpu_description() + ")", device};
    case prover::BackendKind::kAuto:
      break;
  }
  if (kernels::gpu_available())
    return {true, true, "backend: gpu (auto: " + kernels::gpu_description() + ")", device};
  if (sector_bytes > kAutoCpuMaxSectorBytes) {
    throw Error("no usable GPU (" + kernels::gpu_description() +
                "), and a sector this large would take hours on the CPU: pass --backend cpu to "
                "prove it there anyway");
  }
  return {false, true, "backend: cpu (auto: " + kernels::gpu_description() + ")"};
}

std::future<void> start_gpu_early(prover::BackendKind kind, std::span<const int> devices) {
  if (kind == prover::BackendKind::kCpu) return {};
  (void)candidate_device(devices);
  return std::async(std::launch::async, kernels::start_device);
}

}  // namespace cuzk::pipeline
