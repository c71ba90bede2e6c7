#include <algorithm>
#include <cstring>
#include <vector>

#include "kernels/bench_support.hpp"
#include "kernels/device/device_memory.cuh"
#include "kernels/field/field.cuh"
#include "kernels/groth16/h_quotient.cuh"
#include "kernels/ntt/ntt_plan.cuh"

namespace cuzk::kernels {

namespace {

constexpr int kChains = 4;
constexpr int kMulSteps = 512;

template <class F>
__global__ void mul_chains_kernel(F* out, F seed) {
  const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  F x[kChains];
  F y = seed;
  y.w[0] ^= t;
#pragma unroll
  for (int c = 0; c < kChains; ++c) {
    x[c] = seed;
    x[c].w[1] ^= t + c;
  }
  for (int i = 0; i < kMulSteps; ++i) {
#pragma unroll
    for (int c = 0; c < kChains; ++c) x[c] = x[c] * y;
  }
  F acc = x[0];
#pragma unroll
  for (int c = 1; c < kChains; ++c) acc += x[c];
  out[t] = acc;
}

template <class F>
double mul_rate(Device device) {
  const ScopedDevice on(device);
  int sms = 0;
  CUZK_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device.index()));
  constexpr unsigned kThreads = 256;
  const unsigned blocks = static_cast<unsigned>(sms) * 16;
  DeviceBuffer<F> out(static_cast<std::size_t>(blocks) * kThreads);
  F seed{};
  for (int i = 0; i < F::kWords; ++i) seed.w[i] = 0x9e3779b9u * (i + 1);
  seed.w[F::kWords - 1] &= 0x0fffffffu;  // below both moduli
  const Stream stream = make_stream();
  const Event start = make_event(), stop = make_event();
  mul_chains_kernel<F><<<blocks, kThreads, 0, stream.get()>>>(out.data(), seed);  // warm-up
  CUZK_CUDA_CHECK_LAUNCH();
  CUZK_CUDA_CHECK(cudaEventRecord(start.get(), stream.get()));
  mul_chains_kernel<F><<<blocks, kThreads, 0, stream.get()>>>(out.data(), seed);
  CUZK_CUDA_CHECK_LAUNCH();
  CUZK_CUDA_CHECK(cudaEventRecord(stop.get(), stream.get()));
  const double ms = elapsed_ms(start, stop);
  const double muls = double(blocks) * kThreads * kChains * kMulSteps;
  return muls / (ms * 1e-3);
}

// Pseudo-random canonical elements below 2^254 (so below r), as Montgomery values.
__global__ void fill_random_kernel(DeviceFr* out, std::size_t n, std::uint32_t seed) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  std::uint32_t s = static_cast<std::uint32_t>(i) * 0x9e3779b9u ^ seed;
  DeviceFr x;
  for (int k = 0; k < DeviceFr::kWords; ++k) {
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    x.w[k] = s;
  }
  x.w[DeviceFr::kWords - 1] &= 0x3fffffffu;
  out[i] = x;
}

void fill_random(DeviceBuffer<DeviceFr>& buffer, std::uint32_t seed, cudaStream_t stream) {
  fill_random_kernel<<<blocks_for(buffer.size(), 256), 256, 0, stream>>>(buffer.data(),
                                                                         buffer.size(), seed);
  CUZK_CUDA_CHECK_LAUNCH();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

double field_mul_per_second(Device device, BenchField field) {
  return field == BenchField::kFr ? mul_rate<DeviceFr>(device) : mul_rate<DeviceFp>(device);
}

double ntt_median_ms(Device device, int log_n, NttDirection direction, NttDomain domain,
                     int repetitions) {
  const ScopedDevice on(device);
  const Stream stream = make_stream();
  const detail::NttPlan plan(device, log_n, direction, domain, stream.get());
  const std::size_t n = std::size_t{1} << log_n;
  DeviceBuffer<DeviceFr> data(n), scratch(n);
  fill_random(data, 1, stream.get());
  plan.run(data.data(), scratch.data(), stream.get());  // warm-up
  std::vector<double> times;
  const Event start = make_event(), stop = make_event();
  for (int r = 0; r < repetitions; ++r) {
    CUZK_CUDA_CHECK(cudaEventRecord(start.get(), stream.get()));
    plan.run(data.data(), scratch.data(), stream.get());
    CUZK_CUDA_CHECK(cudaEventRecord(stop.get(), stream.get()));
    times.push_back(elapsed_ms(start, stop));
  }
  return median(times);
}

double h_quotient_median_ms(Device device, int log_n, int repetitions) {
  const ScopedDevice on(device);
  const Stream stream = make_stream();
  const std::size_t n = std::size_t{1} << log_n;
  DeviceBuffer<DeviceFr> a(n), b(n), c(n), scratch(n);
  std::vector<double> times;
  const Event start = make_event(), stop = make_event();
  for (int r = 0; r <= repetitions; ++r) {  // the first run is the warm-up
    fill_random(a, 1, stream.get());
    fill_random(b, 2, stream.get());
    fill_random(c, 3, stream.get());
    // Includes building the three plans' tables (host work, about a millisecond).
    CUZK_CUDA_CHECK(cudaEventRecord(start.get(), stream.get()));
    detail::h_quotient_device(device, a.data(), b.data(), c.data(), scratch.data(), log_n,
                              stream.get());
    CUZK_CUDA_CHECK(cudaEventRecord(stop.get(), stream.get()));
    const double ms = elapsed_ms(start, stop);
    if (r > 0) times.push_back(ms);
  }
  return median(times);
}

double host_to_device_gbps(Device device, std::size_t bytes, bool pinned) {
  const ScopedDevice on(device);
  DeviceBuffer<std::uint8_t> destination(bytes);
  PinnedBuffer<std::uint8_t> pinned_host(pinned ? bytes : 0);
  std::vector<std::uint8_t> pageable(pinned ? 0 : bytes, 1);
  const std::uint8_t* src = pinned ? pinned_host.data() : pageable.data();
  if (pinned) std::memset(pinned_host.data(), 1, bytes);
  const Stream stream = make_stream();
  const Event start = make_event(), stop = make_event();
  CUZK_CUDA_CHECK(cudaMemcpyAsync(destination.data(), src, bytes, cudaMemcpyHostToDevice,
                                  stream.get()));  // warm-up
  CUZK_CUDA_CHECK(cudaEventRecord(start.get(), stream.get()));
  CUZK_CUDA_CHECK(
      cudaMemcpyAsync(destination.data(), src, bytes, cudaMemcpyHostToDevice, stream.get()));
  CUZK_CUDA_CHECK(cudaEventRecord(stop.get(), stream.get()));
  return static_cast<double>(bytes) / (elapsed_ms(start, stop) * 1e6);
}

}  // namespace cuzk::kernels
