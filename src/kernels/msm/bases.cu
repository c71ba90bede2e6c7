// Uploading MSM bases: bellperson's uncompressed encodings are decoded on the GPU, chunk by
// chunk through two pinned staging buffers so the copy of one chunk overlaps the decoding of
// the previous one.
#include <algorithm>
#include <cstring>
#include <string>

#include "kernels/curve/curve.cuh"
#include "kernels/curve/point_decode.cuh"
#include "kernels/device/device_memory.cuh"
#include "kernels/msm/bases.hpp"
#include "util/error.hpp"

namespace cuzk::kernels {

template <class Affine>
struct DeviceBases<Affine>::Storage {
  DeviceBuffer<Affine> points;
};

namespace {

constexpr unsigned kThreads = 128;
constexpr std::size_t kChunkPoints = std::size_t{1} << 20;

template <class Affine>
using DeviceAffineOf =
    DeviceAffine<std::conditional_t<sizeof(Affine) == sizeof(G1AffineMont), DeviceFp, DeviceFp2>>;

}  // namespace

template <class Affine>
DeviceBases<Affine>::DeviceBases(DeviceBound<Storage> storage) : storage_(std::move(storage)) {}
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
  const ScopedDevice on(device());
  std::vector<Affine> host(size());
  CUZK_CUDA_CHECK(cudaMemcpy(host.data(), storage_->points.data(), host.size() * sizeof(Affine),
                             cudaMemcpyDeviceToHost));
  return host;
}

template <class Affine>
DeviceBases<Affine> DeviceBases<Affine>::from_affine(Device device,
                                                     std::span<const Affine> points) {
  const ScopedDevice on(device);
  auto storage = std::make_unique<Storage>();
  storage->points = DeviceBuffer<Affine>(points.size());
  CUZK_CUDA_CHECK(cudaMemcpy(storage->points.data(), points.data(), points.size_bytes(),
                             cudaMemcpyHostToDevice));
  return DeviceBases(DeviceBound(device, std::move(storage)));
}

template <class Affine>
DeviceBases<Affine> DeviceBases<Affine>::repeated(Device device, std::span<const Affine> pattern,
                                                  std::size_t n) {
  if (pattern.empty() && n != 0) throw Error("cannot repeat an empty set of bases");
  const ScopedDevice on(device);
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
  return DeviceBases(DeviceBound(device, std::move(storage)));
}

template <class Affine>
DeviceBases<Affine> DeviceBases<Affine>::from_uncompressed(Device device,
                                                           std::span<const std::uint8_t> encoded) {
  using DevicePoint = DeviceAffineOf<Affine>;
  if (encoded.size() % kEncodedBytes != 0)
    throw Error("encoded bases are " + std::to_string(encoded.size()) +
                " bytes, not a multiple of " + std::to_string(kEncodedBytes));
  const std::size_t n = encoded.size() / kEncodedBytes;
  const ScopedDevice on(device);
  auto storage = std::make_unique<Storage>();
  storage->points = DeviceBuffer<Affine>(n);
  auto* out = reinterpret_cast<DevicePoint*>(storage->points.data());

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
    detail::decode_kernel<<<blocks_for(count, kThreads), kThreads, 0, stream.get()>>>(
        raw[k].data(), out + start, count, start, first_error.data());
    CUZK_CUDA_CHECK_LAUNCH();
  }
  unsigned long long error = 0;
  CUZK_CUDA_CHECK(cudaMemcpyAsync(&error, first_error.data(), sizeof error, cudaMemcpyDeviceToHost,
                                  stream.get()));
  synchronize(stream);
  detail::throw_if_decode_error(error);
  return DeviceBases(DeviceBound(device, std::move(storage)));
}

template class DeviceBases<G1AffineMont>;
template class DeviceBases<G2AffineMont>;

}  // namespace cuzk::kernels
