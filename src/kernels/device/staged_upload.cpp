// Chunked upload through two page-locked buffers (see staged_upload.hpp). Compiled by the host
// compiler so that the chunk copies can use OpenMP.
#ifdef CUZK_HAVE_CUDA

#include "kernels/device/staged_upload.hpp"

#include <algorithm>
#include <cstring>

#include "kernels/device/device_memory.cuh"

namespace cuzk::kernels::detail {
namespace {

// Page-locking costs about 1.6 GB/s on the H200's host (two 32 MiB buffers took ~40 ms), so
// the buffers are small and copies below kDirectBytes go through the driver (~7.5 GB/s).
constexpr std::size_t kDirectBytes = std::size_t{64} << 20;
// Two of these are page-locked per call; a 4 MiB chunk is ~75 us of DMA, long against the
// per-chunk synchronization.
constexpr std::size_t kChunkBytes = std::size_t{4} << 20;
// Piece of a chunk copied by one OpenMP iteration.
constexpr std::size_t kPieceBytes = std::size_t{256} << 10;

void parallel_copy(std::byte* dst, const std::byte* src, std::size_t bytes) {
  const std::size_t pieces = (bytes + kPieceBytes - 1) / kPieceBytes;
#pragma omp parallel for schedule(static)
  for (std::size_t k = 0; k < pieces; ++k) {
    const std::size_t offset = k * kPieceBytes;
    std::memcpy(dst + offset, src + offset, std::min(kPieceBytes, bytes - offset));
  }
}

}  // namespace

void upload_staged(Device device, void* device_dst, const void* host_src, std::size_t bytes,
                   cudaStream_t stream) {
  const ScopedDevice on(device);
  if (bytes <= kDirectBytes) {
    CUZK_CUDA_CHECK(cudaMemcpyAsync(device_dst, host_src, bytes, cudaMemcpyHostToDevice, stream));
    CUZK_CUDA_CHECK(cudaStreamSynchronize(stream));
    return;
  }
  PinnedBuffer<std::byte> staging[2] = {PinnedBuffer<std::byte>(kChunkBytes),
                                        PinnedBuffer<std::byte>(kChunkBytes)};
  Event copied[2] = {make_event(), make_event()};
  bool in_flight[2] = {false, false};
  auto* dst = static_cast<std::byte*>(device_dst);
  const auto* src = static_cast<const std::byte*>(host_src);
  for (std::size_t offset = 0, chunk = 0; offset < bytes; offset += kChunkBytes, ++chunk) {
    const std::size_t b = chunk % 2;
    const std::size_t len = std::min(kChunkBytes, bytes - offset);
    if (in_flight[b]) CUZK_CUDA_CHECK(cudaEventSynchronize(copied[b].get()));
    parallel_copy(staging[b].data(), src + offset, len);
    CUZK_CUDA_CHECK(
        cudaMemcpyAsync(dst + offset, staging[b].data(), len, cudaMemcpyHostToDevice, stream));
    CUZK_CUDA_CHECK(cudaEventRecord(copied[b].get(), stream));
    in_flight[b] = true;
  }
  // The staging buffers are freed on return: every copy out of them must have finished.
  CUZK_CUDA_CHECK(cudaStreamSynchronize(stream));
}

}  // namespace cuzk::kernels::detail

#endif  // CUZK_HAVE_CUDA
