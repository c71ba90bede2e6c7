// The sector prover after a GPU fault (pipeline/sector_prover.hpp), on 2 KiB sectors with the
// parameters of the ctest fixture params_2kib (params_2kib.hpp): under --backend auto the sector
// is proved on the CPU instead (self-verified) and the timings say so; under --backend gpu the
// fault is the sector's failure. Either way the GPU prover is rebuilt, so the next sector of a
// stream is proved on the GPU again. On a machine with a GPU the fault is injected
// (kernels/device/cuda_fault_injection.hpp); on one without, a CUDA build's first call fails for
// real (no device or driver), which is a GPU fault as well (the stream's second sector is tried
// only with a GPU: without one it would be a second CPU proof saying nothing new). A build without
// CUDA has no GPU path to fall back from: skipped there.
#include <doctest/doctest.h>

#ifdef CUZK_HAVE_CUDA

#include <algorithm>
#include <memory>
#include <string>

#include "kernels/device/cuda_fault_injection.hpp"
#include "kernels/device/gpu.hpp"
#include "kernels/gpu_test_support.hpp"
#include "params_2kib.hpp"
#include "pipeline/background_release.hpp"
#include "pipeline/porep_sector.hpp"
#include "pipeline/proving_observer.hpp"
#include "pipeline/sector_prover.hpp"
#include "prover/params/mapped_parameters.hpp"
#include "prover/params/parameter_files.hpp"
#include "sealed_c1.hpp"

namespace cuzk::pipeline {
namespace {

constexpr porep::RegisteredSealProof kProof = porep::RegisteredSealProof::kStackedDrg2KiBV1_1;
constexpr std::uint64_t kSectorId = 7;
// On a GPU: inside the parameter upload.
constexpr std::uint64_t kFaultAt = 50;

struct Sector {
  prover::ParameterPaths paths = prover::parameter_paths(test::params_2kib_dir(), kProof);
  test::SealedC1 sealed = test::sealed_c1(kProof, 1000, kSectorId);

  // The C1 lives as long as the sector (made once per executable): the prover borrows it.
  PreparedSector prepared() const {
    return {std::make_shared<const PorepSector>(
                std::shared_ptr<const porep::C1Output>(&sealed.c1, [](const porep::C1Output*) {}),
                sealed.prover_sector, true),
            nullptr};
  }
};

// The warnings a prover prints (the fallback's line comes even when quiet).
class Warnings final : public ProvingObserver {
 public:
  void log(const std::string&) const override {}
  void warn(const std::string& line) const override { lines.push_back(line); }
  void detail(const std::string&) const override {}
  void phase_started(prover::seal::SealPhase, std::uint32_t, std::uint32_t,
                     std::uint32_t) override {}
  void partition_done(prover::seal::SealPhase, std::uint32_t, std::uint32_t) override {}

  mutable std::vector<std::string> lines;
};

// A GPU choice whose first sector will fault: the fault armed on a GPU; without one, the GPU path
// fails by itself.
BackendChoice faulting_gpu(bool automatic) {
  if (kernels::gpu_available(kernels::test::kTestGpu)) kernels::arm_cuda_fault(kFaultAt);
  return {true, automatic, "backend: gpu (test)", kernels::test::kTestGpu};
}

// Made once for both subcases.
const Sector& sector() {
  static const Sector s;
  return s;
}

bool has_phase(const TimingReport& t, const std::string& name) {
  return std::any_of(t.phases.begin(), t.phases.end(),
                     [&](const auto& phase) { return phase.first == name; });
}

TEST_CASE(
    "sector prover: a GPU fault under auto proves the 2 KiB sector on the CPU and the next one on "
    "a rebuilt GPU prover; under gpu the fault is the sector's failure") {
  const Sector& s = sector();
  const prover::MappedParameters params(s.paths.params, bls12_381::SubgroupCheck::kNo);
  Warnings warnings;
  ProvingOptions options;
  options.observer = &warnings;
  BackgroundRelease release;

  SUBCASE("auto") {
    const std::unique_ptr<SectorProver> prover = make_sector_prover(
        faulting_gpu(/*automatic=*/true), kProof, {&params, &release, {}}, options);
    prover->submit(s.prepared());
    SectorOutcome outcome = prover->collect();
    kernels::disarm_cuda_fault();
    REQUIRE(outcome.result);
    CHECK(outcome.result.value().verified);
    CHECK(outcome.result.value().proofs.size() == s.sealed.c1.partitions);
    CHECK(outcome.timings.backend == "cpu");
    INFO(outcome.timings.gpu_fault);
    CHECK(outcome.timings.gpu_fault.rfind("CUDA call ", 0) == 0);
    CHECK(has_phase(outcome.timings, "gpu_failed"));
    REQUIRE(warnings.lines.size() == 1);
    CHECK(warnings.lines[0].rfind("GPU failed: CUDA call ", 0) == 0);
    if (kernels::gpu_available(kernels::test::kTestGpu)) {
      CHECK(outcome.timings.gpu_fault.find("(injected at checked CUDA call " +
                                           std::to_string(kFaultAt) + ")") != std::string::npos);
      // The stream goes on: the GPU prover is made again and proves the next sector.
      prover->submit(s.prepared());
      const SectorOutcome next = prover->collect();
      REQUIRE(next.result);
      CHECK(next.result.value().verified);
      CHECK(next.timings.backend == "gpu");
      CHECK(next.timings.gpu_fault.empty());
      CHECK(warnings.lines.size() == 1);
    }
  }
  SUBCASE("gpu") {
    const std::unique_ptr<SectorProver> prover = make_sector_prover(
        faulting_gpu(/*automatic=*/false), kProof, {&params, &release, {}}, options);
    prover->submit(s.prepared());
    const SectorOutcome outcome = prover->collect();
    kernels::disarm_cuda_fault();
    REQUIRE_FALSE(outcome.result);
    CHECK(outcome.result.error().kind == FailureKind::kGpu);
    CHECK(outcome.result.error().message.rfind("CUDA call ", 0) == 0);
    CHECK(outcome.timings.gpu_fault.empty());
    CHECK(warnings.lines.empty());
    if (kernels::gpu_available(kernels::test::kTestGpu)) {
      prover->submit(s.prepared());
      const SectorOutcome next = prover->collect();
      REQUIRE(next.result);
      CHECK(next.timings.backend == "gpu");
    }
  }
}

}  // namespace
}  // namespace cuzk::pipeline

#endif  // CUZK_HAVE_CUDA
