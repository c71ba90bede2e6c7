// Radix-2 NTT over Fr: one kernel runs the first (up to) 10 decimation-in-time stages of each
// 1024-element block in shared memory, reading its inputs in bit-reversed order; the later
// stages run in shared memory too, up to kPassStages of them per pass over the array (so a 2^27
// transform makes four passes, not eighteen). Pre-scaling (coset g^i) is fused into the first
// kernel's loads and post-scaling (1/n, g^-i) into the last pass's stores.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include "kernels/cuda_check.cuh"
#include "kernels/ntt_plan.cuh"
#include "util/error.hpp"

namespace cuzk::kernels {
namespace detail {
namespace {

using bls12_381::Fr;

constexpr int kBlockLog = 10;  // elements per shared-memory block: 1024 Fr = 32 KiB
constexpr unsigned kBlockThreads = 1u << (kBlockLog - 1);
constexpr int kPassStages = 6;           // stages per later pass: groups of 64
constexpr unsigned kPassElements = 512;  // elements per block in a later pass (16 KiB)
constexpr unsigned kPassThreads = kPassElements / 2;

__device__ __forceinline__ DeviceFr table_power(const PowerTable& t, std::uint64_t i) {
  constexpr std::uint64_t kMask = (std::uint64_t{1} << PowerTable::kLoBits) - 1;
  return t.lo[i & kMask] * t.hi[i >> PowerTable::kLoBits];
}

__device__ __forceinline__ DeviceFr apply(const Scale& s, const DeviceFr& x, std::uint64_t i) {
  switch (s.kind) {
    case Scale::Kind::kNone:
      return x;
    case Scale::Kind::kConstant:
      return x * s.constant;
    case Scale::Kind::kPowers:
      return x * table_power(s.powers, i);
  }
  return x;
}

__device__ __forceinline__ std::uint64_t bit_reverse(std::uint64_t i, int bits) {
  return bits == 0 ? 0 : __brevll(i) >> (64 - bits);
}

// The first `stages` stages of a DIT transform over blocks of 2^stages elements. Block b takes
// the elements whose bit-reversed indices are b*2^stages ... (the inputs of one sub-transform).
// twiddles[i] = omega_{2^stages}^i. When `last`, outputs get the post-scale.
__global__ void first_stages_kernel(const DeviceFr* in, DeviceFr* out, int log_n, int stages,
                                    const DeviceFr* twiddles, Scale pre, Scale post, bool last) {
  __shared__ DeviceFr block[1u << kBlockLog];
  const unsigned span = 1u << stages;
  const std::uint64_t base = static_cast<std::uint64_t>(blockIdx.x) << stages;
  for (unsigned l = threadIdx.x; l < span; l += blockDim.x) {
    const std::uint64_t src = bit_reverse(base + l, log_n);
    block[l] = apply(pre, in[src], src);
  }
  __syncthreads();
  for (int s = 1; s <= stages; ++s) {
    const unsigned half = 1u << (s - 1);
    for (unsigned t = threadIdx.x; t < span / 2; t += blockDim.x) {
      const unsigned j = t & (half - 1);
      const unsigned i0 = ((t >> (s - 1)) << s) + j;
      const unsigned i1 = i0 + half;
      const DeviceFr v = block[i1] * twiddles[j << (stages - s)];
      const DeviceFr u = block[i0];
      block[i0] = u + v;
      block[i1] = u - v;
    }
    __syncthreads();
  }
  for (unsigned l = threadIdx.x; l < span; l += blockDim.x) {
    const std::uint64_t dst = base + l;
    out[dst] = last ? apply(post, block[l], dst) : block[l];
  }
}

// Stages s+1 .. s+k (global numbering; s >= kBlockLog) in one pass. Their butterflies only
// mix elements whose indices differ in bits s .. s+k-1, so the array splits into groups
// low + m*2^s + high*2^(s+k) (m < 2^k) that one block can finish in shared memory. A block takes
// L = kPassElements / 2^k consecutive values of low, so that its loads are runs of L contiguous
// elements. Each stage's twiddles (omega_{2^sigma}^(low + (m mod 2^t) 2^s)) are
// built once per block from the power table, about one multiplication per three butterflies,
// instead of one per butterfly.
__global__ void pass_kernel(DeviceFr* data_in, DeviceFr* data_out, int log_n, int s, int k,
                            PowerTable twiddles, Scale post, bool last) {
  __shared__ DeviceFr block[kPassElements];
  __shared__ DeviceFr tw[kPassElements];  // stage t at [L (2^t - 1), L (2^(t+1) - 1))
  const unsigned group = 1u << k;
  const unsigned lows = kPassElements >> k;  // L
  const std::uint64_t low_blocks = (std::uint64_t{1} << s) / lows;
  const std::uint64_t low0 = (blockIdx.x % low_blocks) * lows;
  const std::uint64_t high = blockIdx.x / low_blocks;
  const std::uint64_t origin = low0 + (high << (s + k));
  for (unsigned e = threadIdx.x; e < kPassElements; e += blockDim.x) {
    const unsigned l = e % lows, m = e / lows;
    block[e] = data_in[origin + l + (static_cast<std::uint64_t>(m) << s)];
  }
  // tw[L (2^t - 1) + m_lo L + l] = omega_n^((low0 + l + m_lo 2^s) << (log_n - s - t - 1)).
  for (unsigned e = threadIdx.x; e < lows * (group - 1); e += blockDim.x) {
    const unsigned l = e % lows;
    const unsigned row = e / lows;  // 2^t - 1 + m_lo
    const int t = 31 - __clz(row + 1);
    const unsigned m_lo = row + 1 - (1u << t);
    const std::uint64_t j = low0 + l + (static_cast<std::uint64_t>(m_lo) << s);
    tw[e] = table_power(twiddles, j << (log_n - s - t - 1));
  }
  __syncthreads();
  for (int t = 0; t < k; ++t) {
    const unsigned half = 1u << t;
    for (unsigned b = threadIdx.x; b < kPassElements / 2; b += blockDim.x) {
      const unsigned l = b % lows, q = b / lows;  // q: butterfly index within the group
      const unsigned m_lo = q & (half - 1);
      const unsigned m0 = ((q >> t) << (t + 1)) + m_lo;
      const unsigned i0 = m0 * lows + l, i1 = i0 + half * lows;
      const DeviceFr v = block[i1] * tw[lows * (half - 1 + m_lo) + l];
      const DeviceFr u = block[i0];
      block[i0] = u + v;
      block[i1] = u - v;
    }
    __syncthreads();
  }
  for (unsigned e = threadIdx.x; e < kPassElements; e += blockDim.x) {
    const unsigned l = e % lows, m = e / lows;
    const std::uint64_t x = origin + l + (static_cast<std::uint64_t>(m) << s);
    data_out[x] = last ? apply(post, block[e], x) : block[e];
  }
}

// base^i for i < count, on the host (count is at most 2^14 here).
std::vector<Fr> powers(const Fr& base, std::size_t count, const Fr& first = Fr::one()) {
  std::vector<Fr> out(count);
  Fr x = first;
  for (auto& v : out) {
    v = x;
    x *= base;
  }
  return out;
}

DeviceBuffer<DeviceFr> upload(const std::vector<Fr>& host, cudaStream_t stream) {
  DeviceBuffer<DeviceFr> buffer(host.size());
  CUZK_CUDA_CHECK(cudaMemcpyAsync(buffer.data(), host.data(), host.size() * sizeof(Fr),
                                  cudaMemcpyHostToDevice, stream));
  return buffer;
}

DeviceFr to_device(const Fr& x) {
  DeviceFr d{};
  static_assert(sizeof d == sizeof x);
  std::memcpy(&d, &x, sizeof d);
  return d;
}

}  // namespace

NttPlan::NttPlan(int log_n, NttDirection direction, NttDomain domain, cudaStream_t stream)
    : log_n_(log_n) {
  if (log_n < 0 || log_n > kMaxNttLogSize)
    throw Error("NTT size 2^" + std::to_string(log_n) + " is outside 2^0 .. 2^27");
  const std::uint64_t n = std::uint64_t{1} << log_n;
  Fr omega = Fr::two_adic_root_of_unity().pow(std::uint64_t{1} << (32 - log_n));
  if (direction == NttDirection::kInverse) omega = omega.inverse();

  const int block_log = log_n < kBlockLog ? log_n : kBlockLog;
  const Fr omega_block = omega.pow(std::uint64_t{1} << (log_n - block_log));
  small_twiddles_ =
      upload(powers(omega_block, std::max<std::uint64_t>(1, (1u << block_log) / 2)), stream);
  constexpr std::uint64_t kLo = std::uint64_t{1} << PowerTable::kLoBits;
  const std::uint64_t half = std::max<std::uint64_t>(1, n / 2);
  twiddle_lo_ = upload(powers(omega, std::min(half, kLo)), stream);
  twiddle_hi_ = upload(powers(omega.pow(kLo), (half >> PowerTable::kLoBits) + 1), stream);

  const Fr g = Fr::from_u64(bls12_381::kFrParams.small_nonresidue);
  const std::size_t lo_count = std::min(n, kLo);
  const std::size_t hi_count = (n >> PowerTable::kLoBits) + 1;
  if (direction == NttDirection::kForward) {
    if (domain == NttDomain::kCoset) {
      scale_lo_ = upload(powers(g, lo_count), stream);
      scale_hi_ = upload(powers(g.pow(kLo), hi_count), stream);
      pre_.kind = Scale::Kind::kPowers;
      pre_.powers = {scale_lo_.data(), scale_hi_.data()};
    }
  } else {
    const Fr n_inv = Fr::from_u64(n).inverse();
    if (domain == NttDomain::kCoset) {
      const Fr g_inv = g.inverse();
      scale_lo_ = upload(powers(g_inv, lo_count), stream);
      scale_hi_ = upload(powers(g_inv.pow(kLo), hi_count, n_inv), stream);
      post_.kind = Scale::Kind::kPowers;
      post_.powers = {scale_lo_.data(), scale_hi_.data()};
    } else {
      post_.kind = Scale::Kind::kConstant;
      post_.constant = to_device(n_inv);
    }
  }
  // The tables are uploaded from pageable host vectors that die with this constructor.
  CUZK_CUDA_CHECK(cudaStreamSynchronize(stream));
}

void NttPlan::run(DeviceFr* data, DeviceFr* scratch, cudaStream_t stream) const {
  const int block_log = log_n_ < kBlockLog ? log_n_ : kBlockLog;
  const unsigned blocks = 1u << (log_n_ - block_log);
  const bool single_pass = block_log == log_n_;
  // A single block can transform in place (it reads everything before writing); otherwise the
  // bit-reversed gather needs a second buffer.
  DeviceFr* first_out = single_pass ? data : scratch;
  const unsigned threads = std::max(1u, std::min(kBlockThreads, (1u << block_log) / 2));
  first_stages_kernel<<<blocks, threads, 0, stream>>>(
      data, first_out, log_n_, block_log, small_twiddles_.data(), pre_, post_, single_pass);
  CUZK_CUDA_CHECK_LAUNCH();
  const PowerTable twiddles{twiddle_lo_.data(), twiddle_hi_.data()};
  const unsigned pass_blocks = static_cast<unsigned>((std::uint64_t{1} << log_n_) / kPassElements);
  for (int s = block_log; s < log_n_;) {
    const int k = std::min(kPassStages, log_n_ - s);
    const bool last = s + k == log_n_;
    pass_kernel<<<pass_blocks, kPassThreads, 0, stream>>>(scratch, last ? data : scratch, log_n_, s,
                                                          k, twiddles, post_, last);
    CUZK_CUDA_CHECK_LAUNCH();
    s += k;
  }
}

}  // namespace detail

namespace {

int checked_log_size(std::size_t n) {
  if (n == 0 || (n & (n - 1)) != 0 || n > (std::size_t{1} << kMaxNttLogSize))
    throw Error("NTT size " + std::to_string(n) + " is not a power of two up to 2^27");
  int log_n = 0;
  while ((std::size_t{1} << log_n) < n) ++log_n;
  return log_n;
}

}  // namespace

void ntt(std::span<bls12_381::Fr> values, NttDirection direction, NttDomain domain) {
  const int log_n = checked_log_size(values.size());
  const Stream stream = make_stream();
  const detail::NttPlan plan(log_n, direction, domain, stream.get());
  DeviceBuffer<DeviceFr> data(values.size());
  DeviceBuffer<DeviceFr> scratch(values.size());
  CUZK_CUDA_CHECK(cudaMemcpyAsync(data.data(), values.data(), values.size_bytes(),
                                  cudaMemcpyHostToDevice, stream.get()));
  plan.run(data.data(), scratch.data(), stream.get());
  CUZK_CUDA_CHECK(cudaMemcpyAsync(values.data(), data.data(), values.size_bytes(),
                                  cudaMemcpyDeviceToHost, stream.get()));
  synchronize(stream);
}

}  // namespace cuzk::kernels
