// NTT plans (the passes and their tables; the kernels are in ntt_pass.cuh) and the public
// host-memory transform.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "kernels/device/cuda_check.cuh"
#include "kernels/ntt/ntt_plan.cuh"
#include "util/error.hpp"

namespace cuzk::kernels {
namespace detail {
namespace {

using bls12_381::Fr;

constexpr unsigned kTableThreads = 256;

// out[e] = lo[e mod 2^lo_bits] * hi[e >> lo_bits]: a table of base^e from two short ones.
__global__ void compose_powers_kernel(DeviceFr* out, std::uint32_t count, int lo_bits,
                                      const DeviceFr* lo, const DeviceFr* hi) {
  const std::uint32_t e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= count) return;
  out[e] = lo[e & ((1u << lo_bits) - 1)] * hi[e >> lo_bits];
}

// out[x * 2^log_y + y] = base^(x y) * vx[x] * vy[y], base^e as in compose_powers_kernel.
__global__ void transform_constants_kernel(DeviceFr* out, std::uint32_t count, int log_y,
                                           int lo_bits, const DeviceFr* lo, const DeviceFr* hi,
                                           const DeviceFr* vx, const DeviceFr* vy) {
  const std::uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= count) return;
  const std::uint32_t x = i >> log_y, y = i & ((1u << log_y) - 1), e = x * y;
  out[i] = lo[e & ((1u << lo_bits) - 1)] * hi[e >> lo_bits] * vx[x] * vy[y];
}

// first * base^i for i < count, on the host (count is at most 2^9 here).
std::vector<Fr> powers(const Fr& base, std::size_t count, const Fr& first = Fr::one()) {
  std::vector<Fr> out(count);
  Fr x = first;
  for (auto& v : out) {
    v = x;
    x *= base;
  }
  return out;
}

// bellperson's root of unity of order 2^log_order (inverted for inverse transforms).
Fr root_of_unity(int log_order, bool inverse) {
  const Fr w = Fr::two_adic_root_of_unity().pow(std::uint64_t{1} << (32 - log_order));
  return inverse ? w.inverse() : w;
}

// Pass sizes: at most 2^9 points each and at least 2^3, as even as possible, largest first.
std::vector<int> pass_logs(int log_n) {
  const int passes = (log_n + kNttMaxPassLog - 1) / kNttMaxPassLog;
  std::vector<int> logs(passes, log_n / passes);
  for (int p = 0; p < log_n % passes; ++p) ++logs[p];
  return logs;
}

DeviceFr to_device(const Fr& x) {
  DeviceFr d{};
  static_assert(sizeof d == sizeof x);
  std::memcpy(&d, &x, sizeof d);
  return d;
}

// The plan's tables in one device allocation: host-made ones first (one upload), then the
// large ones that kernels compose from short host-made factors.
class TableBuilder {
 public:
  std::size_t add(const std::vector<Fr>& values) {
    const std::size_t at = host_.size();
    host_.insert(host_.end(), values.begin(), values.end());
    return at;
  }
  // Room for `count` entries built on the device; offsets count from the end of the host part.
  std::size_t reserve(std::size_t count) {
    const std::size_t at = device_count_;
    device_count_ += count;
    return at;
  }
  std::size_t host_count() const { return host_.size(); }
  std::size_t total() const { return host_.size() + device_count_; }
  void upload(DeviceBuffer<DeviceFr>& buffer, cudaStream_t stream) const {
    std::vector<DeviceFr> staged(host_.size());
    std::transform(host_.begin(), host_.end(), staged.begin(), to_device);
    buffer.upload(staged, stream);
    // The upload reads pageable memory that dies with this object: wait for it.
    CUZK_CUDA_CHECK(cudaStreamSynchronize(stream));
  }

 private:
  std::vector<Fr> host_;
  std::size_t device_count_ = 0;
};

// base^e for e < 2^log_count, built on the device from two host tables of about sqrt entries.
struct PowerFactors {
  int lo_bits;
  std::size_t lo, hi;  // host offsets
};

PowerFactors add_power_factors(TableBuilder& tables, const Fr& base, int log_count) {
  const int lo_bits = (log_count + 1) / 2;
  PowerFactors f{lo_bits, 0, 0};
  f.lo = tables.add(powers(base, std::size_t{1} << lo_bits));
  f.hi = tables.add(
      powers(base.pow(std::uint64_t{1} << lo_bits), std::size_t{1} << (log_count - lo_bits)));
  return f;
}

}  // namespace

NttPlan::NttPlan(Device device, int log_n, NttDirection direction, NttDomain domain,
                 cudaStream_t stream)
    : log_n_(log_n), tables_(device, std::make_unique<DeviceBuffer<DeviceFr>>()) {
  if (log_n < 0 || log_n > kMaxNttLogSize)
    throw Error("NTT size 2^" + std::to_string(log_n) + " is outside 2^0 .. 2^27");
  const ScopedDevice on(device);
  const bool inverse = direction == NttDirection::kInverse;
  const bool forward_coset = !inverse && domain == NttDomain::kCoset;
  const bool inverse_coset = inverse && domain == NttDomain::kCoset;
  const std::uint64_t n = std::uint64_t{1} << log_n;
  const Fr g = Fr::from_u64(bls12_381::kFrParams.small_nonresidue);
  const Fr g_inv = g.inverse();
  const Fr n_inv = inverse ? Fr::from_u64(n).inverse() : Fr::one();

  TableBuilder tables;
  const std::size_t inner =
      tables.add(powers(root_of_unity(kNttInnerTableLog, inverse), 1u << kNttInnerTableLog));

  if (log_n < kNttMinPassLog) {
    const std::size_t pre = tables.add(powers(forward_coset ? g : Fr::one(), n));
    const std::size_t post = tables.add(powers(inverse_coset ? g_inv : Fr::one(), n, n_inv));
    *tables_ = DeviceBuffer<DeviceFr>(tables.total());
    tables.upload(*tables_, stream);
    inner_twiddles_ = tables_->data() + inner;
    tiny_pre_ = tables_->data() + pre;
    tiny_post_ = tables_->data() + post;
    return;
  }

  const std::vector<int> logs = pass_logs(log_n);
  const int passes = static_cast<int>(logs.size());
  const auto size_of = [&](int p) { return std::size_t{1} << logs[p]; };
  const auto log_product = [&](int from, int to) {  // log of N_from * ... * N_(to-1)
    int s = 0;
    for (int p = from; p < to; ++p) s += logs[p];
    return s;
  };

  passes_.resize(passes);
  // Table offsets by pass, SIZE_MAX where a pass has none. (Fixed arrays: GCC 12 took three
  // short vectors here for a free of a non-heap pointer, -Wfree-nonheap-object, falsely.)
  std::array<std::size_t, kNttMaxPasses> vector_at, block_constants_at, constants_at;
  vector_at.fill(SIZE_MAX);
  block_constants_at.fill(SIZE_MAX);
  constants_at.fill(SIZE_MAX);
  struct ConstantsJob {
    int pass;
    int log_x, log_y;
    PowerFactors base;
    std::size_t vx, vy;
  };
  std::vector<ConstantsJob> constants_jobs;
  const auto add_constants = [&](int pass, int log_x, int log_y, const PowerFactors& base,
                                 const std::vector<Fr>& vx, const std::vector<Fr>& vy) {
    constants_jobs.push_back({pass, log_x, log_y, base, tables.add(vx), tables.add(vy)});
  };
  const PowerFactors no_base{0, tables.add({Fr::one()}), tables.add({Fr::one()})};

  // The four-step twiddles between passes: one table of M-th roots for both boundaries.
  int log_m = 0;
  for (int p = 0; p + 1 < passes; ++p) log_m = std::max(log_m, logs[p] + logs[p + 1]);
  PowerFactors root_factors{};
  if (passes >= 2) root_factors = add_power_factors(tables, root_of_unity(log_m, inverse), log_m);

  if (passes == 3) {
    const std::size_t n1 = size_of(0), n2 = size_of(1), n3 = size_of(2);
    // Pass 2's transforms (k1, j3) share omega_n^(j3 k1), and g^j3 / g^-k1 / (1/n) with it.
    add_constants(1, logs[0], logs[2],
                  add_power_factors(tables, root_of_unity(log_n, inverse), logs[0] + logs[2]),
                  powers(inverse_coset ? g_inv : Fr::one(), n1, n_inv),
                  powers(forward_coset ? g : Fr::one(), n3));
    if (forward_coset) {  // g^(j1 N2 N3) along pass 1, g^(j2 N3) per block (one j2 per block)
      vector_at[0] = tables.add(powers(g.pow(n2 * n3), n1));
      block_constants_at[0] = tables.add(powers(g.pow(n3), n2));
      if (kNttBlockElements / n1 > n3) throw std::logic_error("NTT pass 1 blocks span two j2");
    }
    if (inverse_coset) {  // g^-(N1 N2 k3) along pass 3, g^-(N1 k2) per block (one k2 per block)
      vector_at[2] = tables.add(powers(g_inv.pow(n1 * n2), n3));
      block_constants_at[2] = tables.add(powers(g_inv.pow(n1), n2));
    }
  } else if (passes == 2) {
    const std::size_t n1 = size_of(0), n2 = size_of(1);
    if (forward_coset) {  // g^(j1 N2) along pass 1, g^j2 along pass 2
      vector_at[0] = tables.add(powers(g.pow(n2), n1));
      vector_at[1] = tables.add(powers(g, n2));
    }
    if (inverse) add_constants(0, 0, logs[1], no_base, {n_inv}, powers(Fr::one(), n2));
    if (inverse_coset) {  // g^-k1 per row of pass 2, g^-(N1 k2) along it
      add_constants(1, logs[0], 0, no_base, powers(g_inv, n1), {Fr::one()});
      vector_at[1] = tables.add(powers(g_inv.pow(n1), n2));
    }
  } else {
    if (forward_coset) vector_at[0] = tables.add(powers(g, n));
    if (inverse) add_constants(0, 0, 0, no_base, {n_inv}, {Fr::one()});
    if (inverse_coset) vector_at[0] = tables.add(powers(g_inv, n));
  }

  // Device-built tables go after the host part.
  const std::size_t host_count = tables.host_count();
  std::size_t roots_at = 0;
  if (passes >= 2) roots_at = host_count + tables.reserve(std::size_t{1} << log_m);
  for (const auto& job : constants_jobs)
    constants_at[job.pass] = host_count + tables.reserve(std::size_t{1} << (job.log_x + job.log_y));

  *tables_ = DeviceBuffer<DeviceFr>(tables.total());
  DeviceFr* base = tables_->data();
  tables.upload(*tables_, stream);
  if (passes >= 2) {
    const std::uint32_t count = 1u << log_m;
    compose_powers_kernel<<<blocks_for(count, kTableThreads), kTableThreads, 0, stream>>>(
        base + roots_at, count, root_factors.lo_bits, base + root_factors.lo,
        base + root_factors.hi);
    CUZK_CUDA_CHECK_LAUNCH();
  }
  for (const auto& job : constants_jobs) {
    const std::uint32_t count = 1u << (job.log_x + job.log_y);
    transform_constants_kernel<<<blocks_for(count, kTableThreads), kTableThreads, 0, stream>>>(
        base + constants_at[job.pass], count, job.log_y, job.base.lo_bits, base + job.base.lo,
        base + job.base.hi, base + job.vx, base + job.vy);
    CUZK_CUDA_CHECK_LAUNCH();
  }

  for (int p = 0; p < passes; ++p) {
    Pass& pass = passes_[p];
    NttPassArgs& a = pass.args;
    pass.log_size = logs[p];
    const int log_transforms = std::countr_zero(kNttBlockElements) - logs[p];  // per block
    a.inverse = inverse;
    a.inner_twiddles = base + inner;
    if (constants_at[p] != SIZE_MAX) a.transform_constants = base + constants_at[p];
    if (vector_at[p] != SIZE_MAX) {
      a.vector = base + vector_at[p];
      a.vector_is_pre = forward_coset;
      if (block_constants_at[p] != SIZE_MAX) a.block_constants = base + block_constants_at[p];
    }
    if (p + 1 < passes) {
      a.rows = false;
      a.log_stride = log_product(p + 1, passes);
      a.log_blocks_per_outer = std::max(0, a.log_stride - log_transforms);
      pass.blocks = 1u << (log_product(0, p) + a.log_blocks_per_outer);
      a.twiddles = base + roots_at;
      a.tw_shift = a.log_stride - logs[p + 1];
      a.tw_scale_log = log_m - logs[p] - logs[p + 1];
      a.bc_shift = passes == 3 ? logs[2] : 0;
    } else {
      a.rows = true;
      a.log_n1 = passes >= 2 ? logs[0] : 0;
      a.log_r2 = passes == 3 ? logs[1] : 0;
      pass.blocks = 1u << (std::max(0, a.log_n1 - log_transforms) + a.log_r2);
    }
  }
  // The composing kernels run before any transform on this stream; nothing waits for them here.
}

void NttPlan::run(DeviceFr* data, DeviceFr* scratch, cudaStream_t stream) const {
  const ScopedDevice on(tables_.device());
  if (passes_.empty()) {
    launch_ntt_tiny(data, data, log_n_, inner_twiddles_, tiny_pre_, tiny_post_, stream);
    return;
  }
  // Strided passes may work in place; the last one transposes, so it reads another buffer.
  const std::size_t count = passes_.size();
  for (std::size_t p = 0; p < count; ++p) {
    NttPassArgs a = passes_[p].args;
    const bool first = p == 0, last = p + 1 == count;
    a.in = first ? data : scratch;
    a.out = last ? data : scratch;
    launch_ntt_pass(passes_[p].log_size, passes_[p].blocks, stream, a);
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

void ntt(Device device, std::span<bls12_381::Fr> values, NttDirection direction, NttDomain domain) {
  const int log_n = checked_log_size(values.size());
  const ScopedDevice on(device);
  const Stream stream = make_stream();
  const detail::NttPlan plan(device, log_n, direction, domain, stream.get());
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
