// The NTT pass kernels for each transform size, and the tiny-size kernel.
#include <string>

#include "kernels/device/cuda_check.cuh"
#include "kernels/ntt/ntt_pass.cuh"
#include "util/error.hpp"

namespace cuzk::kernels::detail {
namespace {

template <int kLog>
void launch_pass(unsigned blocks, cudaStream_t stream, const NttPassArgs& args) {
  constexpr std::size_t kExchangeBytes = 2 * kNttBlockElements * sizeof(uint4);
  const std::size_t shared =
      kExchangeBytes + (args.vector != nullptr ? (std::size_t{1} << kLog) * sizeof(DeviceFr) : 0);
  // Above 48 KiB a kernel must opt in; two blocks per SM need 128-160 KiB of the 227 KiB.
  CUZK_CUDA_CHECK(cudaFuncSetAttribute(ntt_pass_kernel<kLog>,
                                       cudaFuncAttributeMaxDynamicSharedMemorySize,
                                       static_cast<int>(shared)));
  ntt_pass_kernel<kLog><<<blocks, kNttThreads, shared, stream>>>(args);
  CUZK_CUDA_CHECK_LAUNCH();
}

}  // namespace

__global__ void ntt_tiny_kernel(const DeviceFr* in, DeviceFr* out, int log_n,
                                const DeviceFr* inner_twiddles, const DeviceFr* pre,
                                const DeviceFr* post) {
  const unsigned n = 1u << log_n, k = threadIdx.x;
  DeviceFr acc = DeviceFr::zero();
  for (unsigned j = 0; j < n; ++j) {
    const unsigned e = ((j * k) & (n - 1)) << (kNttInnerTableLog - log_n);
    acc += in[j] * pre[j] * inner_twiddles[e];
  }
  __syncthreads();  // every input is read before any output is written (in place)
  out[k] = acc * post[k];
}

void launch_ntt_pass(int log_size, unsigned blocks, cudaStream_t stream, const NttPassArgs& args) {
  switch (log_size) {
    case 3:
      return launch_pass<3>(blocks, stream, args);
    case 4:
      return launch_pass<4>(blocks, stream, args);
    case 5:
      return launch_pass<5>(blocks, stream, args);
    case 6:
      return launch_pass<6>(blocks, stream, args);
    case 7:
      return launch_pass<7>(blocks, stream, args);
    case 8:
      return launch_pass<8>(blocks, stream, args);
    case 9:
      return launch_pass<9>(blocks, stream, args);
    default:
      break;
  }
  throw Error("NTT pass of 2^" + std::to_string(log_size) + " points is not supported");
}

void launch_ntt_tiny(const DeviceFr* in, DeviceFr* out, int log_n, const DeviceFr* inner_twiddles,
                     const DeviceFr* pre, const DeviceFr* post, cudaStream_t stream) {
  ntt_tiny_kernel<<<1, 1u << log_n, 0, stream>>>(in, out, log_n, inner_twiddles, pre, post);
  CUZK_CUDA_CHECK_LAUNCH();
}

}  // namespace cuzk::kernels::detail
