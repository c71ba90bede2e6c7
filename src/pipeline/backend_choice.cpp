#include "pipeline/backend_choice.hpp"

#include <optional>
#include <string>
#include <vector>

#include "kernels/device/gpu.hpp"
#include "util/error.hpp"

namespace cuzk::pipeline {

namespace {

// The devices a run may use, in the order it prefers them: `devices`, or every one it sees.
std::vector<kernels::Device> candidates(std::span<const int> devices) {
  std::vector<kernels::Device> out;
  if (devices.empty()) {
    for (int d = 0; d < kernels::device_count(); ++d) out.emplace_back(d);
  } else {
    for (const int d : devices) out.emplace_back(d);
  }
  return out;
}

struct UsableGpu {
  std::optional<kernels::Device> device;
  std::string description;  // the device's, or why there is none
};

// The first usable device; without one, why the first candidate (or device 0) is not usable.
UsableGpu first_usable(std::span<const int> devices) {
  const std::vector<kernels::Device> all = candidates(devices);
  for (const kernels::Device d : all) {
    if (kernels::gpu_available(d)) return {d, kernels::gpu_description(d)};
  }
  return {std::nullopt, kernels::gpu_description(all.empty() ? kernels::Device(0) : all.front())};
}

}  // namespace

BackendChoice choose_backend(prover::BackendKind kind, std::uint64_t sector_bytes,
                             std::span<const int> devices) {
  if (kind == prover::BackendKind::kCpu) return {false, false, "backend: cpu (--backend cpu)"};
  const UsableGpu gpu = first_usable(devices);
  if (kind == prover::BackendKind::kGpu) {
    if (!gpu.device) throw Error("--backend gpu: no usable GPU (" + gpu.description + ")");
    return {true, false, "backend: gpu (" + gpu.description + ")", *gpu.device};
  }
  if (gpu.device) return {true, true, "backend: gpu (auto: " + gpu.description + ")", *gpu.device};
  if (sector_bytes > kAutoCpuMaxSectorBytes) {
    throw Error("no usable GPU (" + gpu.description +
                "), and a sector this large would take hours on the CPU: pass --backend cpu to "
                "prove it there anyway");
  }
  return {false, true, "backend: cpu (auto: " + gpu.description + ")"};
}

std::future<void> start_gpu_early(prover::BackendKind kind, std::span<const int> devices) {
  if (kind == prover::BackendKind::kCpu) return {};
  // Not candidates(): counting the devices would start the driver on this thread.
  const kernels::Device first(devices.empty() ? 0 : devices.front());
  return std::async(std::launch::async, kernels::start_device, first);
}

}  // namespace cuzk::pipeline
