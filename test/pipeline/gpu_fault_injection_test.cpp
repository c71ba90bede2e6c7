// GPU faults injected into a whole sector proved in-process (a GpuProvingSession, a 2 KiB
// sector with test parameters made here): a clean run counts the checked CUDA calls (and notes the
// count at each stage's log line), then a fault is injected at a spread of them (every call when
// they fit the time budget, else the stage boundaries and an even stride over the rest). Each run
// must end with a CudaError that names the call and says "injected" (so it returned: no thread
// left waiting), and leave the device memory in use as it was. Then a run without a fault still
// proves and verifies: the device is still usable.
#include <doctest/doctest.h>

#ifdef CUZK_HAVE_CUDA

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <exception>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "kernels/device/cuda_error.hpp"
#include "kernels/device/cuda_fault_injection.hpp"
#include "kernels/device/gpu.hpp"
#include "kernels/gpu_test_support.hpp"
#include "pipeline/gpu_proving_session.hpp"
#include "pipeline/porep_sector.hpp"
#include "pipeline/proving_observer.hpp"
#include "prover/params/mapped_parameters.hpp"
#include "prover/params/parameter_files.hpp"
#include "prover/setup/test_parameters.hpp"
#include "sealed_c1.hpp"
#include "temp_dir.hpp"

namespace cuzk::pipeline {
namespace {

using kernels::test::no_gpu;
using Clock = std::chrono::steady_clock;

constexpr porep::RegisteredSealProof kProof = porep::RegisteredSealProof::kStackedDrg2KiBV1_1;
constexpr std::uint64_t kMinerId = 1000;
constexpr std::uint64_t kSectorId = 7;
// What the injected runs may take together: every call is tried when that fits, else about this
// many seconds' worth of runs (a run stopped by a fault is shorter than a clean one), the stage
// boundaries first, then an even stride of at least kMinimumStride runs.
constexpr double kBudgetSeconds = 30;
constexpr std::size_t kMinimumStride = 12;

// Test parameters (made on the GPU: seconds) and a sealed C1, made once.
struct Sector {
  test::TempDir dir{"gpu_fault_injection"};
  prover::ParameterPaths paths = prover::parameter_paths(dir.path(), kProof);
  test::SealedC1 sealed = test::sealed_c1(kProof, kMinerId, kSectorId);

  Sector() {
    std::mt19937_64 rng(20261201);
    prover::TestParameterWriter writer(paths);
    prover::write_seal_test_parameters(kProof, prover::ToxicWaste::random(rng), writer,
                                       prover::SetupDevice::kGpu, [](const std::string&) {});
  }
};

// Records the checked CUDA calls made when each progress line comes.
class StageMarks final : public ProvingObserver {
 public:
  explicit StageMarks(std::vector<std::uint64_t>& marks) : marks_(marks) {}
  void log(const std::string&) const override { marks_.push_back(kernels::checked_cuda_calls()); }
  void warn(const std::string&) const override {}
  void detail(const std::string&) const override {}
  void phase_started(prover::seal::SealPhase, std::uint32_t, std::uint32_t,
                     std::uint32_t) override {}
  void partition_done(prover::seal::SealPhase, std::uint32_t, std::uint32_t) override {}

 private:
  std::vector<std::uint64_t>& marks_;
};

// The sector proved on a session of its own, as one `cuzk prove` does.
GpuSectorResult prove_once(const Sector& s, const prover::MappedParameters& params,
                           const ProvingObserver* observer) {
  GpuSessionOptions options;
  options.device = kernels::test::kTestGpu;
  options.observer = observer;
  GpuProvingSession session(params, porep_session_circuit(kProof), std::move(options));
  // The C1 lives as long as the sector (made once): the session borrows it.
  const std::shared_ptr<const porep::C1Output> c1(&s.sealed.c1, [](const porep::C1Output*) {});
  return session.finish(
      session.submit(std::make_shared<PorepSector>(c1, s.sealed.prover_sector, true)));
}

struct CleanRun {
  std::uint64_t calls = 0;
  double seconds = 0;
  // The checked calls made when each log line came (the last call of the stage it closes).
  std::vector<std::uint64_t> stage_ends;
};

CleanRun clean_run(const Sector& s, const prover::MappedParameters& params) {
  CleanRun run;
  kernels::disarm_cuda_fault();  // the count starts here
  const Clock::time_point start = Clock::now();
  const StageMarks marks(run.stage_ends);
  const GpuSectorResult result = prove_once(s, params, &marks);
  run.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  run.calls = kernels::checked_cuda_calls();
  CHECK(result.verified);
  CHECK(result.proofs.size() == s.sealed.c1.partitions);
  return run;
}

// Where to inject: every call, or the first and last calls of each stage plus an even stride.
std::set<std::uint64_t> injection_points(const CleanRun& run, std::size_t runs) {
  std::set<std::uint64_t> points;
  if (run.calls <= runs) {
    for (std::uint64_t n = 1; n <= run.calls; ++n) points.insert(n);
    return points;
  }
  const auto add = [&](std::uint64_t n) {
    if (n >= 1 && n <= run.calls) points.insert(n);
  };
  add(1);
  add(2);
  add(run.calls - 1);
  add(run.calls);
  for (const std::uint64_t end : run.stage_ends) {
    add(end);
    add(end + 1);
    add(end + 2);
  }
  const std::size_t stride_runs = std::max(kMinimumStride, runs - std::min(runs, points.size()));
  const std::uint64_t stride = std::max<std::uint64_t>(1, run.calls / stride_runs);
  for (std::uint64_t n = stride / 2 + 1; n <= run.calls; n += stride) add(n);
  return points;
}

// "src/kernels/x.cu:12" from "CUDA call f(...) failed at src/kernels/x.cu:12: cudaError...".
std::string call_site(const std::string& message) {
  const std::string marker = " failed at ";
  const std::size_t at = message.find(marker);
  if (at == std::string::npos) return "?";
  const std::size_t begin = at + marker.size();
  const std::size_t colon = message.find(':', begin);
  const std::size_t end = colon == std::string::npos ? colon : message.find(':', colon + 1);
  return message.substr(begin, end == std::string::npos ? end : end - begin);
}

TEST_CASE(
    "GPU faults: a fault at any checked CUDA call ends the run with a CudaError, frees the "
    "device memory and leaves the device usable" *
    doctest::skip(no_gpu())) {
  const Sector sector;
  const prover::MappedParameters params(sector.paths.params, bls12_381::SubgroupCheck::kNo);
  // The first run loads every kernel and fills the page cache; the second is counted and timed.
  const CleanRun warm = clean_run(sector, params);
  const CleanRun run = clean_run(sector, params);
  MESSAGE("clean runs: " << warm.calls << " and " << run.calls << " checked CUDA calls, "
                         << run.seconds << " s");
  REQUIRE(run.calls > 0);

  const auto runs = static_cast<std::size_t>(kBudgetSeconds / std::max(run.seconds, 1e-3));
  const std::set<std::uint64_t> points = injection_points(run, runs);
  std::set<std::string> sites;
  bool allocation_seen = false, launch_seen = false;
  std::size_t baseline = kernels::settled_device_memory_in_use(kernels::test::kTestGpu);
  const Clock::time_point start = Clock::now();
  for (const std::uint64_t n : points) {
    INFO("fault injected at checked CUDA call " << n << " of " << run.calls);
    kernels::arm_cuda_fault(n);
    std::string what;
    bool gpu_fault = false;
    try {
      (void)prove_once(sector, params, nullptr);
      what = "the run finished: the fault never fired";
    } catch (const kernels::CudaError& e) {
      gpu_fault = true;
      what = e.what();
    } catch (const std::exception& e) {
      what = std::string("not a CudaError: ") + e.what();
    }
    kernels::disarm_cuda_fault();
    INFO(what);
    CHECK(gpu_fault);
    CHECK(what.rfind("CUDA call ", 0) == 0);
    CHECK(what.find("(injected at checked CUDA call " + std::to_string(n) + ")") !=
          std::string::npos);
    allocation_seen |= what.find(": cudaErrorMemoryAllocation: ") != std::string::npos;
    launch_seen |= what.find(": cudaErrorLaunchFailure: ") != std::string::npos;
    sites.insert(call_site(what));
    // Every buffer of the run was freed (the pool trimmed first: it keeps freed memory).
    const std::size_t in_use = kernels::settled_device_memory_in_use(kernels::test::kTestGpu);
    CHECK(in_use == baseline);
    baseline = in_use;  // one leak fails once
  }
  std::string site_list;
  for (const std::string& site : sites) site_list += " " + site;
  MESSAGE(points.size() << " faults injected in "
                        << std::chrono::duration<double>(Clock::now() - start).count() << " s, at "
                        << sites.size() << " call sites:" << site_list);
  CHECK(allocation_seen);
  CHECK(launch_seen);

  // Nothing armed: the device still proves, and the proof verifies.
  const CleanRun after = clean_run(sector, params);
  CHECK(after.calls == run.calls);
}

}  // namespace
}  // namespace cuzk::pipeline

#endif  // CUZK_HAVE_CUDA
