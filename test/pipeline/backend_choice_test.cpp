// Which prover a run uses: cpu when asked; gpu only with a usable GPU; auto the GPU when there is
// one, else the CPU up to 512 MiB sectors and an error (never a silent hours-long CPU run) above.
#include <doctest/doctest.h>

#include <string>

#include "kernels/device/gpu.hpp"
#include "pipeline/backend_choice.hpp"
#include "util/error.hpp"

namespace {

using cuzk::pipeline::choose_backend;
using cuzk::prover::BackendKind;

constexpr std::uint64_t k512MiB = std::uint64_t{512} << 20;
constexpr std::uint64_t k32GiB = std::uint64_t{32} << 30;

}  // namespace

TEST_CASE("backend choice: names, and cpu whenever it is asked for") {
  CHECK(cuzk::prover::backend_kind_from_name("auto") == BackendKind::kAuto);
  CHECK(cuzk::prover::backend_kind_from_name("gpu") == BackendKind::kGpu);
  CHECK(cuzk::prover::backend_kind_from_name("cpu") == BackendKind::kCpu);
  CHECK_FALSE(cuzk::prover::backend_kind_from_name("cuda").has_value());
  const auto choice = choose_backend(BackendKind::kCpu, k32GiB);
  CHECK_FALSE(choice.gpu);
  CHECK(choice.reason == "backend: cpu (--backend cpu)");
}

TEST_CASE("backend choice: auto and gpu follow the GPU that is there") {
  if (cuzk::kernels::gpu_available(cuzk::kernels::Device(0))) {
    CHECK(choose_backend(BackendKind::kAuto, k32GiB).gpu);
    CHECK(choose_backend(BackendKind::kGpu, k512MiB).gpu);
    return;
  }
  // No GPU (CI): small sectors go to the CPU, saying why; large ones and --backend gpu fail.
  const auto small = choose_backend(BackendKind::kAuto, k512MiB);
  CHECK_FALSE(small.gpu);
  CHECK(small.reason.rfind("backend: cpu (auto: no CUDA device", 0) == 0);
  CHECK_THROWS_WITH(choose_backend(BackendKind::kAuto, k32GiB),
                    doctest::Contains("would take hours on the CPU: pass --backend cpu"));
  CHECK_THROWS_WITH(choose_backend(BackendKind::kGpu, k512MiB),
                    doctest::Contains("--backend gpu: no usable GPU (no CUDA device"));
}
