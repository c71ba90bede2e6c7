// Fixed-base products on the GPU (see fixed_base.hpp): the window tables, the product kernel and
// the chunked pipeline that hands encodings to the caller through two page-locked buffers.
#include <algorithm>
#include <cstring>
#include <memory>
#include <string>

#include "kernels/curve/batch_affine.cuh"
#include "kernels/curve/curve.cuh"
#include "kernels/curve/point_encoding.cuh"
#include "kernels/device/device_memory.cuh"
#include "kernels/device/staged_upload.hpp"
#include "kernels/msm/fixed_base.hpp"
#include "util/error.hpp"

namespace cuzk::kernels {
namespace {

constexpr int kWindowBits = 16;
constexpr int kWindows = (255 + kWindowBits - 1) / kWindowBits;  // Fr is below 2^255
constexpr std::uint32_t kDigits = (1u << kWindowBits) - 1;       // 1 .. 2^16 - 1
constexpr std::size_t kTablePoints = std::size_t{kWindows} * kDigits;
constexpr unsigned kThreads = 128;

static_assert(32 % kWindowBits == 0, "a window must not straddle two 32-bit words");

// out[j] = 2^(16 j) * base: one thread, 240 doublings.
template <class F>
__global__ void window_bases_kernel(const DeviceAffine<F>* base, DeviceXyzz<F>* out) {
  DeviceXyzz<F> acc = DeviceXyzz<F>::from_affine(*base);
  for (int j = 0; j < kWindows; ++j) {
    out[j] = acc;
    for (int b = 0; b < kWindowBits; ++b) acc = acc.doubled();
  }
}

// Entry (j, d) = d * window_bases[j], at j * kDigits + d - 1, by double-and-add over d's bits.
template <class F>
__global__ void table_kernel(const DeviceAffine<F>* window_bases, DeviceXyzz<F>* out) {
  const std::size_t e = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (e >= kTablePoints) return;
  const auto j = static_cast<std::uint32_t>(e / kDigits);
  const auto d = static_cast<std::uint32_t>(e % kDigits) + 1;
  const DeviceAffine<F> p = window_bases[j];
  DeviceXyzz<F> acc = DeviceXyzz<F>::from_affine(p);
  for (int bit = 30 - __clz(d); bit >= 0; --bit) {  // below d's top bit
    acc = acc.doubled();
    if ((d >> bit) & 1) acc.add_affine(p);
  }
  out[e] = acc;
}

// out[i] = k_i * base: the sum of the table entries of k_i's non-zero 16-bit digits. The digits
// are read from a local copy of the canonical scalar (the loop is not unrolled, to keep one copy
// of the addition's code).
template <class F>
__global__ void product_kernel(const DeviceFr* scalars, std::size_t n, const DeviceAffine<F>* table,
                               DeviceXyzz<F>* out) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const DeviceFr k = scalars[i].from_montgomery();
  std::uint32_t words[DeviceFr::kWords];
#pragma unroll
  for (int w = 0; w < DeviceFr::kWords; ++w) words[w] = k.w[w];
  DeviceXyzz<F> acc = DeviceXyzz<F>::infinity();
#pragma unroll 1
  for (int j = 0; j < kWindows; ++j) {
    const std::uint32_t d = (words[j / 2] >> (kWindowBits * (j % 2))) & kDigits;
    if (d != 0) acc.add_affine(table[static_cast<std::size_t>(j) * kDigits + d - 1]);
  }
  out[i] = acc;
}

template <class F>
DeviceBuffer<DeviceAffine<F>> build_table(const void* host_base, cudaStream_t stream) {
  DeviceBuffer<DeviceAffine<F>> base(1);
  CUZK_CUDA_CHECK(cudaMemcpyAsync(base.data(), host_base, sizeof(DeviceAffine<F>),
                                  cudaMemcpyHostToDevice, stream));
  DeviceBuffer<DeviceXyzz<F>> window_sums(kWindows);
  window_bases_kernel<F><<<1, 1, 0, stream>>>(base.data(), window_sums.data());
  CUZK_CUDA_CHECK_LAUNCH();
  DeviceBuffer<DeviceAffine<F>> window_bases(kWindows);
  detail::to_affine(window_sums.data(), kWindows, detail::AffineOutput<F>{window_bases.data()},
                    stream);
  DeviceBuffer<DeviceXyzz<F>> entries(kTablePoints);
  table_kernel<F><<<blocks_for(kTablePoints, kThreads), kThreads, 0, stream>>>(window_bases.data(),
                                                                               entries.data());
  CUZK_CUDA_CHECK_LAUNCH();
  DeviceBuffer<DeviceAffine<F>> table(kTablePoints);
  detail::to_affine(entries.data(), kTablePoints, detail::AffineOutput<F>{table.data()}, stream);
  // The temporaries are freed on return: the kernels reading them must have finished.
  CUZK_CUDA_CHECK(cudaStreamSynchronize(stream));
  return table;
}

// Waits for the stream when it goes out of scope, so that buffers declared before it outlive the
// GPU work that uses them even when an exception leaves early. Errors are ignored: either the
// exception in flight already reports one, or the next checked call will.
struct WaitForStream {
  cudaStream_t stream;
  ~WaitForStream() { cudaStreamSynchronize(stream); }
};

}  // namespace

struct FixedBaseProducts::State {
  Stream stream = make_stream();
  std::size_t chunk_points = 0;
  DeviceBuffer<DeviceG1Affine> g1_table;
  DeviceBuffer<DeviceG2Affine> g2_table;
  PinnedBuffer<std::uint8_t> ring[2];  // chunk_points G2 encodings each
  Event ready[2] = {make_event(), make_event()};

  // The tables and buffers, made on `device`.
  static std::unique_ptr<State> make(Device device, const G1AffineMont& g1_base,
                                     const G2AffineMont& g2_base, std::size_t chunk_points);

  // With `device`, the state's, current.
  template <class F>
  void encode(Device device, std::span<const bls12_381::Fr> scalars, const DeviceAffine<F>* table,
              const EncodedSink& sink);
};

template <class F>
void FixedBaseProducts::State::encode(Device device, std::span<const bls12_381::Fr> scalars,
                                      const DeviceAffine<F>* table, const EncodedSink& sink) {
  constexpr std::size_t kBytes = detail::kEncodedBytes<F>;
  const std::size_t n = scalars.size();
  if (n == 0) return;
  cudaStream_t s = stream.get();
  static_assert(sizeof(DeviceFr) == sizeof(bls12_381::Fr), "host and device Fr share a layout");
  DeviceBuffer<DeviceFr> k(n);
  detail::upload_staged(device, k.data(), scalars.data(), scalars.size_bytes(), s);
  const std::size_t chunk = std::min(n, chunk_points);
  DeviceBuffer<DeviceXyzz<F>> sums(chunk);
  DeviceBuffer<std::uint8_t> encoded(chunk * kBytes);
  const WaitForStream wait{s};

  // Chunk c is computed and copied into ring[c % 2] while the sink reads chunk c - 1 from the
  // other buffer; the copy into a buffer is queued only after the sink has returned from it.
  const auto hand_over = [&](std::size_t slot, std::size_t count) {
    CUZK_CUDA_CHECK(cudaEventSynchronize(ready[slot].get()));
    sink(std::span<const std::uint8_t>(ring[slot].data(), count * kBytes));
  };
  std::size_t previous = 0;
  for (std::size_t start = 0, c = 0; start < n; start += chunk, ++c) {
    const std::size_t count = std::min(chunk, n - start);
    const std::size_t slot = c % 2;
    product_kernel<F><<<blocks_for(count, kThreads), kThreads, 0, s>>>(k.data() + start, count,
                                                                       table, sums.data());
    CUZK_CUDA_CHECK_LAUNCH();
    detail::to_affine(sums.data(), count, detail::EncodedOutput<F>{encoded.data()}, s);
    CUZK_CUDA_CHECK(cudaMemcpyAsync(ring[slot].data(), encoded.data(), count * kBytes,
                                    cudaMemcpyDeviceToHost, s));
    CUZK_CUDA_CHECK(cudaEventRecord(ready[slot].get(), s));
    if (c > 0) hand_over(slot ^ 1, previous);
    previous = count;
  }
  hand_over(((n - 1) / chunk) % 2, previous);
}

std::unique_ptr<FixedBaseProducts::State> FixedBaseProducts::State::make(
    Device device, const G1AffineMont& g1_base, const G2AffineMont& g2_base,
    std::size_t chunk_points) {
  if (chunk_points == 0) throw Error("fixed-base products: the chunk size must not be zero");
  static_assert(sizeof(G1AffineMont) == sizeof(DeviceG1Affine) &&
                    sizeof(G2AffineMont) == sizeof(DeviceG2Affine),
                "host and device affine points share a layout");
  const ScopedDevice on(device);
  auto state = std::make_unique<State>();
  state->chunk_points = chunk_points;
  state->g1_table = build_table<DeviceFp>(&g1_base, state->stream.get());
  state->g2_table = build_table<DeviceFp2>(&g2_base, state->stream.get());
  for (auto& buffer : state->ring) {
    buffer = PinnedBuffer<std::uint8_t>(chunk_points * detail::kEncodedBytes<DeviceFp2>);
  }
  return state;
}

FixedBaseProducts::FixedBaseProducts(Device device, const G1AffineMont& g1_base,
                                     const G2AffineMont& g2_base, std::size_t chunk_points)
    : state_(device, State::make(device, g1_base, g2_base, chunk_points)) {}

FixedBaseProducts::FixedBaseProducts(FixedBaseProducts&&) noexcept = default;
FixedBaseProducts& FixedBaseProducts::operator=(FixedBaseProducts&&) noexcept = default;
FixedBaseProducts::~FixedBaseProducts() = default;

void FixedBaseProducts::encode_g1(std::span<const bls12_381::Fr> scalars, const EncodedSink& sink) {
  const ScopedDevice on(state_.device());
  state_->encode<DeviceFp>(state_.device(), scalars, state_->g1_table.data(), sink);
}

void FixedBaseProducts::encode_g2(std::span<const bls12_381::Fr> scalars, const EncodedSink& sink) {
  const ScopedDevice on(state_.device());
  state_->encode<DeviceFp2>(state_.device(), scalars, state_->g2_table.data(), sink);
}

}  // namespace cuzk::kernels
