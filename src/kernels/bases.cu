// Uploading MSM bases: bellperson's uncompressed encodings are decoded on the GPU, chunk by
// chunk through two pinned staging buffers so the copy of one chunk overlaps the decoding of
// the previous one.
#include <algorithm>
#include <cstring>
#include <string>

#include "kernels/bases.hpp"
#include "kernels/curve.cuh"
#include "kernels/device_memory.cuh"
#include "util/error.hpp"

namespace cuzk::kernels {

template <class Affine>
struct DeviceBases<Affine>::Storage {
  DeviceBuffer<Affine> points;
};

namespace {

constexpr unsigned kThreads = 128;
constexpr std::size_t kChunkPoints = std::size_t{1} << 20;

// Why a point failed to decode, in priority order (the kernel keeps the smallest index).
enum DecodeError : unsigned { kBadFlags = 1, kNotCanonical = 2, kNotOnCurve = 3 };

// A big-endian base-field integer of 48 bytes into little-endian 32-bit words (canonical, not
// yet Montgomery). `mask_flags` clears the three flag bits of the first byte.
__device__ DeviceFp read_be_fp(const std::uint8_t* bytes, bool mask_flags) {
  DeviceFp f;
#pragma unroll
  for (int i = 0; i < DeviceFp::kWords; ++i) {
    const std::uint8_t* b = bytes + 4 * (DeviceFp::kWords - 1 - i);
    f.w[i] = (std::uint32_t{b[0]} << 24) | (std::uint32_t{b[1]} << 16) |
             (std::uint32_t{b[2]} << 8) | std::uint32_t{b[3]};
  }
  if (mask_flags) f.w[DeviceFp::kWords - 1] &= 0x1fffffffu;
  return f;
}

__device__ void read_coordinates(const std::uint8_t* p, DeviceFp& x, DeviceFp& y) {
  x = read_be_fp(p, true);
  y = read_be_fp(p + 48, false);
}
__device__ void read_coordinates(const std::uint8_t* p, DeviceFp2& x, DeviceFp2& y) {
  x.c1 = read_be_fp(p, true);
  x.c0 = read_be_fp(p + 48, false);
  y.c1 = read_be_fp(p + 96, false);
  y.c0 = read_be_fp(p + 144, false);
}

template <class F>
__global__ void decode_kernel(const std::uint8_t* encoded, DeviceAffine<F>* out, std::size_t n,
                              std::size_t first_index, unsigned long long* first_error) {
  constexpr std::size_t kBytes = 2 * sizeof(F);
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const std::uint8_t* p = encoded + i * kBytes;
  const unsigned flags = p[0] >> 5;
  const auto fail = [&](unsigned reason) {
    // Error word: index in the high bits, reason in the low two, so atomicMin keeps the first.
    atomicMin(first_error, ((first_index + i) << 2) | reason);
    out[i] = DeviceAffine<F>::infinity();
  };
  if ((flags & 0x4) != 0 || (flags & 0x1) != 0) return fail(kBadFlags);  // compressed or sorted
  if ((flags & 0x2) != 0) {
    bool rest_zero = (p[0] & 0x1f) == 0;
    for (std::size_t k = 1; k < kBytes; ++k) rest_zero &= p[k] == 0;
    if (!rest_zero) return fail(kBadFlags);
    out[i] = DeviceAffine<F>::infinity();
    return;
  }
  DeviceAffine<F> a;
  read_coordinates(p, a.x, a.y);
  if (!a.x.is_canonical() || !a.y.is_canonical()) return fail(kNotCanonical);
  a.x = a.x.to_montgomery();
  a.y = a.y.to_montgomery();
  if (!is_on_curve(a)) return fail(kNotOnCurve);
  out[i] = a;
}

template <class Affine>
using DeviceAffineOf =
    DeviceAffine<std::conditional_t<sizeof(Affine) == sizeof(G1AffineMont), DeviceFp, DeviceFp2>>;

}  // namespace

template <class Affine>
DeviceBases<Affine>::DeviceBases(std::unique_ptr<Storage> storage) : storage_(std::move(storage)) {}
template <class Affine>
DeviceBases<Affine>::DeviceBases(DeviceBases&&) noexcept = default;
template <class Affine>
DeviceBases<Affine>& DeviceBases<Affine>::operator=(DeviceBases&&) noexcept = default;
template <class Affine>
DeviceBases<Affine>::~DeviceBases() = default;

template <class Affine>
std::size_t DeviceBases<Affine>::size() const {
  return storage_->points.size();
}
template <class Affine>
const void* DeviceBases<Affine>::device_data() const {
  return storage_->points.data();
}

template <class Affine>
std::vector<Affine> DeviceBases<Affine>::download() const {
  std::vector<Affine> host(size());
  CUZK_CUDA_CHECK(cudaMemcpy(host.data(), storage_->points.data(), host.size() * sizeof(Affine),
                             cudaMemcpyDeviceToHost));
  return host;
}

template <class Affine>
DeviceBases<Affine> DeviceBases<Affine>::from_affine(std::span<const Affine> points) {
  auto storage = std::make_unique<Storage>();
  storage->points = DeviceBuffer<Affine>(points.size());
  CUZK_CUDA_CHECK(cudaMemcpy(storage->points.data(), points.data(), points.size_bytes(),
                             cudaMemcpyHostToDevice));
  return DeviceBases(std::move(storage));
}

template <class Affine>
DeviceBases<Affine> DeviceBases<Affine>::repeated(std::span<const Affine> pattern, std::size_t n) {
  if (pattern.empty() && n != 0) throw Error("cannot repeat an empty set of bases");
  auto storage = std::make_unique<Storage>();
  storage->points = DeviceBuffer<Affine>(n);
  std::size_t filled = std::min(n, pattern.size());
  CUZK_CUDA_CHECK(cudaMemcpy(storage->points.data(), pattern.data(), filled * sizeof(Affine),
                             cudaMemcpyHostToDevice));
  while (filled < n) {  // double the filled prefix each step
    const std::size_t count = std::min(filled, n - filled);
    CUZK_CUDA_CHECK(cudaMemcpy(storage->points.data() + filled, storage->points.data(),
                               count * sizeof(Affine), cudaMemcpyDeviceToDevice));
    filled += count;
  }
  return DeviceBases(std::move(storage));
}

template <class Affine>
DeviceBases<Affine> DeviceBases<Affine>::from_uncompressed(std::span<const std::uint8_t> encoded) {
  using Device = DeviceAffineOf<Affine>;
  if (encoded.size() % kEncodedBytes != 0)
    throw Error("encoded bases are " + std::to_string(encoded.size()) +
                " bytes, not a multiple of " + std::to_string(kEncodedBytes));
  const std::size_t n = encoded.size() / kEncodedBytes;
  auto storage = std::make_unique<Storage>();
  storage->points = DeviceBuffer<Affine>(n);
  auto* out = reinterpret_cast<Device*>(storage->points.data());

  const Stream stream = make_stream();
  const std::size_t chunk = std::min(n, kChunkPoints);
  PinnedBuffer<std::uint8_t> staging[2] = {PinnedBuffer<std::uint8_t>(chunk * kEncodedBytes),
                                           PinnedBuffer<std::uint8_t>(chunk * kEncodedBytes)};
  DeviceBuffer<std::uint8_t> raw[2] = {DeviceBuffer<std::uint8_t>(chunk * kEncodedBytes),
                                       DeviceBuffer<std::uint8_t>(chunk * kEncodedBytes)};
  Event copied[2] = {make_event(), make_event()};
  DeviceBuffer<unsigned long long> first_error(1);
  CUZK_CUDA_CHECK(
      cudaMemsetAsync(first_error.data(), 0xff, sizeof(unsigned long long), stream.get()));
  for (std::size_t start = 0, k = 0; start < n; start += chunk, k ^= 1) {
    const std::size_t count = std::min(chunk, n - start);
    // Staging buffer k was last read by the copy two chunks ago.
    CUZK_CUDA_CHECK(cudaEventSynchronize(copied[k].get()));
    std::memcpy(staging[k].data(), encoded.data() + start * kEncodedBytes, count * kEncodedBytes);
    CUZK_CUDA_CHECK(cudaMemcpyAsync(raw[k].data(), staging[k].data(), count * kEncodedBytes,
                                    cudaMemcpyHostToDevice, stream.get()));
    CUZK_CUDA_CHECK(cudaEventRecord(copied[k].get(), stream.get()));
    decode_kernel<<<blocks_for(count, kThreads), kThreads, 0, stream.get()>>>(
        raw[k].data(), out + start, count, start, first_error.data());
    CUZK_CUDA_CHECK_LAUNCH();
  }
  unsigned long long error = 0;
  CUZK_CUDA_CHECK(cudaMemcpyAsync(&error, first_error.data(), sizeof error, cudaMemcpyDeviceToHost,
                                  stream.get()));
  synchronize(stream);
  if (error != ~0ull) {
    static constexpr const char* kReasons[] = {
        "", "has invalid flags", "has a coordinate not below p", "is not on the curve"};
    throw Error("encoded base point " + std::to_string(error >> 2) + " " + kReasons[error & 3]);
  }
  return DeviceBases(std::move(storage));
}

template class DeviceBases<G1AffineMont>;
template class DeviceBases<G2AffineMont>;

}  // namespace cuzk::kernels
