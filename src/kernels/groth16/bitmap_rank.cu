#include "kernels/device/device_memory.cuh"
#include "kernels/groth16/bitmap_rank.cuh"
#include "kernels/msm/point_reduce.cuh"

namespace cuzk::kernels::detail {

namespace {

constexpr unsigned kThreads = 256;

__global__ void scatter_bits_kernel(const std::uint64_t* index, std::size_t n,
                                    std::uint64_t* words) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const std::uint64_t j = index[i];
  atomicOr(reinterpret_cast<unsigned long long*>(words + (j >> 6)),
           static_cast<unsigned long long>(std::uint64_t{1} << (j & 63)));
}

// One thread a word of `bits`: its present bits packed, then or-ed in at their rank, which may
// straddle two words of `out`.
__global__ void compress_bits_kernel(const std::uint64_t* bits, const std::uint64_t* density,
                                     const std::uint32_t* prefix, std::size_t words,
                                     std::uint64_t* out) {
  const std::size_t w = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (w >= words) return;
  std::uint64_t d = density[w];
  const std::uint64_t v = bits[w];
  std::uint64_t packed = 0;
  for (int k = 0; d != 0; ++k, d &= d - 1) {
    const int b = __ffsll(static_cast<long long>(d)) - 1;
    packed |= ((v >> b) & 1) << k;
  }
  if (packed == 0) return;
  const std::uint32_t at = prefix[w];
  const unsigned shift = at & 63;
  auto* target = reinterpret_cast<unsigned long long*>(out + (at >> 6));
  atomicOr(target, static_cast<unsigned long long>(packed << shift));
  if (shift != 0 && (packed >> (64 - shift)) != 0) {
    atomicOr(target + 1, static_cast<unsigned long long>(packed >> (64 - shift)));
  }
}

}  // namespace

void scatter_bits(const std::uint64_t* index, std::size_t n, std::uint64_t* words,
                  cudaStream_t stream) {
  if (n == 0) return;
  scatter_bits_kernel<<<blocks_for(n, kThreads), kThreads, 0, stream>>>(index, n, words);
  CUZK_CUDA_CHECK_LAUNCH();
}

void compress_bits(const std::uint64_t* bits, const std::uint64_t* density,
                   const std::uint32_t* prefix, std::size_t words, std::uint64_t* out,
                   cudaStream_t stream) {
  compress_bits_kernel<<<blocks_for(words, kThreads), kThreads, 0, stream>>>(bits, density, prefix,
                                                                             words, out);
  CUZK_CUDA_CHECK_LAUNCH();
}

std::size_t count_bits(const std::uint64_t* words, std::size_t n, cudaStream_t stream) {
  StreamBuffer<std::uint32_t> prefix(n, stream);
  return prefix_counts(words, n, prefix.data(), stream);
}

}  // namespace cuzk::kernels::detail
