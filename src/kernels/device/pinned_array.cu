#include "kernels/device/cuda_check.cuh"
#include "kernels/device/pinned_array.hpp"

namespace cuzk::kernels::detail {

void* allocate_pinned(std::size_t bytes) {
  if (bytes == 0) return nullptr;
  void* p = nullptr;
  CUZK_CUDA_CHECK(cudaMallocHost(&p, bytes));
  return p;
}

void free_pinned(void* p) noexcept {
  if (p != nullptr) cudaFreeHost(p);
}

}  // namespace cuzk::kernels::detail
