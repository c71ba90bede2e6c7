// What a run does after the GPU prover failed a sector: only a GPU fault (kernels::CudaError,
// classified as FailureKind::kGpu) under --backend auto on a sector of at most 512 MiB is proved
// again on the CPU; --backend gpu, 32 and 64 GiB sectors and failures that are not GPU faults
// fail the sector.
#include <doctest/doctest.h>

#include <cstdint>
#include <new>
#include <string>

#include "kernels/device/cuda_error.hpp"
#include "pipeline/gpu_fallback.hpp"
#include "pipeline/sector_job.hpp"
#include "util/error.hpp"

namespace {

using cuzk::pipeline::BackendChoice;
using cuzk::pipeline::GpuFailureAction;

// The rule on an exception as the provers catch it: classified first (sector_job.hpp).
GpuFailureAction after_gpu_failure(const BackendChoice& choice, std::uint64_t bytes,
                                   const std::exception& error) {
  return cuzk::pipeline::after_gpu_failure(choice, bytes, cuzk::pipeline::failure_from(error));
}

constexpr std::uint64_t k2KiB = 2048;
constexpr std::uint64_t k512MiB = std::uint64_t{512} << 20;
constexpr std::uint64_t k32GiB = std::uint64_t{32} << 30;
constexpr std::uint64_t k64GiB = std::uint64_t{64} << 30;

const BackendChoice kAutoGpu{true, true, "backend: gpu (auto: H200)"};
const BackendChoice kForcedGpu{true, false, "backend: gpu (H200)"};
const BackendChoice kAutoCpu{false, true, "backend: cpu (auto: no CUDA device)"};

const cuzk::kernels::CudaError kLaunchFault(
    "CUDA call cudaGetLastError() failed at src/kernels/ntt/ntt.cu:120: cudaErrorLaunchFailure: "
    "unspecified launch failure");
const cuzk::kernels::CudaError kAllocationFault(
    "CUDA call cudaMalloc(&p, n * sizeof(T)) failed at src/kernels/device/device_memory.cuh:24: "
    "cudaErrorMemoryAllocation: out of memory (injected at checked CUDA call 7)");

}  // namespace

TEST_CASE("GPU fallback: a GPU fault under auto, up to 512 MiB, is proved on the CPU") {
  for (const std::uint64_t bytes : {k2KiB, std::uint64_t{8} << 20, k512MiB}) {
    INFO("sector bytes " << bytes);
    CHECK(after_gpu_failure(kAutoGpu, bytes, kLaunchFault) == GpuFailureAction::kProveOnCpu);
    CHECK(after_gpu_failure(kAutoGpu, bytes, kAllocationFault) == GpuFailureAction::kProveOnCpu);
  }
  // Caught through its base, as the provers catch it.
  const std::exception& base = kLaunchFault;
  CHECK(after_gpu_failure(kAutoGpu, k2KiB, base) == GpuFailureAction::kProveOnCpu);
}

TEST_CASE("GPU fallback: never above 512 MiB, never with --backend gpu") {
  for (const std::uint64_t bytes : {k512MiB + 1, k32GiB, k64GiB}) {
    INFO("sector bytes " << bytes);
    CHECK(after_gpu_failure(kAutoGpu, bytes, kLaunchFault) == GpuFailureAction::kFail);
  }
  for (const std::uint64_t bytes : {k2KiB, k512MiB, k32GiB}) {
    INFO("sector bytes " << bytes);
    CHECK(after_gpu_failure(kForcedGpu, bytes, kLaunchFault) == GpuFailureAction::kFail);
    CHECK(after_gpu_failure(kForcedGpu, bytes, kAllocationFault) == GpuFailureAction::kFail);
  }
  // A run that did not prove on the GPU has nothing to fall back from.
  CHECK(after_gpu_failure(kAutoCpu, k2KiB, kLaunchFault) == GpuFailureAction::kFail);
}

TEST_CASE("GPU fallback: failures that are not GPU faults end the run") {
  const cuzk::Error unsatisfied(
      "the witness does not satisfy constraint 12 (1 of 2686002 constraints unsatisfied)");
  const cuzk::Error too_small(
      "GPU memory: proving this circuit needs at least 9.1 GiB on the GPU (...), 4.0 GiB "
      "available");
  const std::bad_alloc host_memory;
  for (const std::exception* e : {static_cast<const std::exception*>(&unsatisfied),
                                  static_cast<const std::exception*>(&too_small),
                                  static_cast<const std::exception*>(&host_memory)}) {
    INFO(e->what());
    CHECK(after_gpu_failure(kAutoGpu, k2KiB, *e) == GpuFailureAction::kFail);
    CHECK(after_gpu_failure(kForcedGpu, k2KiB, *e) == GpuFailureAction::kFail);
  }
}

TEST_CASE("GPU fallback: the line names the fault and the rule") {
  CHECK(cuzk::pipeline::cpu_fallback_line(cuzk::pipeline::failure_from(kAllocationFault)) ==
        "GPU failed: CUDA call cudaMalloc(&p, n * sizeof(T)) failed at "
        "src/kernels/device/device_memory.cuh:24: cudaErrorMemoryAllocation: out of memory "
        "(injected at "
        "checked CUDA call 7); proving on the CPU instead (--backend auto, sector <= 512 MiB)");
}
