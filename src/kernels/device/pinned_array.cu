#include "kernels/device/cuda_check.cuh"
#include "kernels/device/pinned_array.hpp"

namespace cuzk::kernels::detail {

void* allocate_pinned(Device device, std::size_t bytes) {
  if (bytes == 0) return nullptr;
  const ScopedDevice on(device);
  void* p = nullptr;
  CUZK_CUDA_CHECK(cudaMallocHost(&p, bytes));
  return p;
}

void free_pinned(Device device, void* p) noexcept {
  if (p == nullptr) return;
  const ScopedDevice on(device, std::nothrow);
  cudaFreeHost(p);
}

}  // namespace cuzk::kernels::detail
