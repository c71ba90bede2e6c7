// Devices named by index: an index past the last is no device (refused, never silently device 0),
// ScopedDevice refuses it with an error, and a machine without NVIDIA's driver is told so rather
// than in CUDA's words for a version mismatch. Runs with and without a GPU.
#include <doctest/doctest.h>

#include <dlfcn.h>

#include <string>

#include "kernels/device/device.hpp"
#include "kernels/device/gpu.hpp"
#include "util/error.hpp"

namespace cuzk::kernels::test {
namespace {

// Whether the driver library the CUDA runtime loads is installed.
bool nvidia_driver_installed() {
  void* driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (driver != nullptr) dlclose(driver);
  return driver != nullptr;
}

TEST_CASE("device: an index past the last device, or a negative one, is no device") {
  const int count = device_count();
  CHECK(count >= 0);
  for (const Device none : {Device{count}, Device{-1}}) {
    INFO("device " << none.index() << " of " << count);
    CHECK_FALSE(gpu_available(none));
    CHECK(gpu_description(none).rfind("no CUDA device: ", 0) == 0);
    CHECK_THROWS_AS(ScopedDevice{none}, Error);
  }
}

#ifdef CUZK_HAVE_CUDA
TEST_CASE("device: without NVIDIA's driver the description says so" *
          doctest::skip(nvidia_driver_installed())) {
  CHECK(device_count() == 0);
  CHECK_FALSE(gpu_available(Device{0}));
  CHECK(gpu_description(Device{0}) == "no CUDA device: no NVIDIA driver or GPU found");
}
#endif

}  // namespace
}  // namespace cuzk::kernels::test
