// cli::prove_sector after a GPU fault, as `cuzk prove` and `cuzk bench sector` run it, on a 2 KiB
// sector: under --backend auto the sector is proved on the CPU instead (self-verified) and the
// timings say so; under --backend gpu the fault ends the call. On a machine with a GPU the fault is
// injected (kernels/device/cuda_fault_injection.hpp); on one without, a CUDA build's first call
// fails for real (no device or driver), which is a GPU fault as well. A build without CUDA has no
// GPU path to fall back from: skipped there.
#include <doctest/doctest.h>

#ifdef CUZK_HAVE_CUDA

#include <algorithm>
#include <random>
#include <string>

#include "cli/progress.hpp"
#include "cli/sector_proving.hpp"
#include "cli/timings.hpp"
#include "kernels/device/cuda_error.hpp"
#include "kernels/device/cuda_fault_injection.hpp"
#include "kernels/device/gpu.hpp"
#include "pipeline/background_release.hpp"
#include "prover/params/mapped_parameters.hpp"
#include "prover/params/parameter_files.hpp"
#include "prover/setup/test_parameters.hpp"
#include "sealed_c1.hpp"
#include "temp_dir.hpp"

namespace cuzk::cli {
namespace {

constexpr porep::RegisteredSealProof kProof = porep::RegisteredSealProof::kStackedDrg2KiBV1_1;
constexpr std::uint64_t kSectorId = 7;
// On a GPU: inside the parameter upload.
constexpr std::uint64_t kFaultAt = 50;

struct Sector {
  test::TempDir dir{"sector_fallback"};
  prover::ParameterPaths paths = prover::parameter_paths(dir.path(), kProof);
  test::SealedC1 sealed = test::sealed_c1(kProof, 1000, kSectorId);

  Sector() {
    std::mt19937_64 rng(20261202);
    MESSAGE("generating 2 KiB test parameters (a 2^22-point setup on the CPU)");
    prover::write_parameter_files(
        paths, prover::generate_seal_test_parameters(kProof, prover::ToxicWaste::random(rng)));
  }
};

// A GPU run that will fault: the fault armed on a GPU; without one, the GPU path fails by itself.
pipeline::BackendChoice faulting_gpu(bool automatic) {
  if (kernels::gpu_available()) kernels::arm_cuda_fault(kFaultAt);
  return {true, automatic, "backend: gpu (test)"};
}

bool has_phase(const TimingReport& t, const std::string& name) {
  return std::any_of(t.phases.begin(), t.phases.end(),
                     [&](const auto& phase) { return phase.first == name; });
}

TEST_CASE(
    "prove_sector: a GPU fault under auto proves the 2 KiB sector on the CPU; under gpu "
    "it ends the call") {
  const Sector s;
  const prover::MappedParameters params(s.paths.params, bls12_381::SubgroupCheck::kNo);
  SectorProvingOptions options;
  options.sector = s.sealed.prover_sector;
  Progress progress("test", Verbosity::kQuiet);  // the fallback's line is printed even so

  {
    TimingReport timings;
    pipeline::BackgroundRelease release;
    const SectorProofs result = prove_sector(faulting_gpu(/*automatic=*/true), s.sealed.c1, params,
                                             options, progress, timings, release);
    kernels::disarm_cuda_fault();
    CHECK(result.verified);
    CHECK(result.proofs.size() == s.sealed.c1.partitions);
    CHECK(timings.backend == "cpu");
    INFO(timings.gpu_fault);
    CHECK(timings.gpu_fault.rfind("CUDA call ", 0) == 0);
    CHECK(has_phase(timings, "gpu_failed"));
    if (kernels::gpu_available()) {
      CHECK(timings.gpu_fault.find("(injected at checked CUDA call " + std::to_string(kFaultAt) +
                                   ")") != std::string::npos);
    }
  }
  {
    TimingReport timings;
    pipeline::BackgroundRelease release;
    CHECK_THROWS_AS(prove_sector(faulting_gpu(/*automatic=*/false), s.sealed.c1, params, options,
                                 progress, timings, release),
                    kernels::CudaError);
    kernels::disarm_cuda_fault();
    CHECK(timings.gpu_fault.empty());
  }
}

}  // namespace
}  // namespace cuzk::cli

#endif  // CUZK_HAVE_CUDA
