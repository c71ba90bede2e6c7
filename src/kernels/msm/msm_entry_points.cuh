// The MSM and the batch addition of msm.hpp, written once over the field of a group's coordinates
// (DeviceFp for G1, DeviceFp2 for G2) and instantiated in msm_g1.cu and msm_g2.cu. Each runs on
// the device that holds its bases. Internal to the kernels folder.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "kernels/curve/host_affine.cuh"
#include "kernels/msm/msm.hpp"
#include "kernels/msm/ones_batch.cuh"
#include "kernels/msm/pippenger.cuh"
#include "util/error.hpp"

namespace cuzk::kernels::detail {

template <class F>
using HostBases = DeviceBases<typename HostGroup<F>::Affine>;

template <class F>
typename HostGroup<F>::Affine msm(const HostBases<F>& bases, std::span<const ScalarLimbs> scalars,
                                  const MsmConfig& config) {
  if (scalars.size() > bases.size())
    throw Error(std::string(HostGroup<F>::kName) + " MSM of " + std::to_string(scalars.size()) +
                " scalars over only " + std::to_string(bases.size()) + " bases");
  const ScopedDevice on(bases.device());
  const auto* device_bases = static_cast<const DeviceAffine<F>*>(bases.device_data());
  return to_host_affine<F>(pippenger<F>(bases.device(), device_bases, scalars, config));
}

template <class F>
typename HostGroup<F>::Affine batch_add_sum(const HostBases<F>& bases,
                                            std::span<const std::uint64_t> bitmap) {
  check_bitmap_fits(bitmap, bases.size());
  const ScopedDevice on(bases.device());
  const Stream stream = make_stream();
  DeviceBuffer<std::uint64_t> device_bitmap(bitmap.size());
  device_bitmap.upload(bitmap, stream.get());
  DeviceBuffer<DeviceXyzz<F>> sum(1);
  batch_add<F>(static_cast<const DeviceAffine<F>*>(bases.device_data()), device_bitmap.data(),
               bitmap.size(), sum.data(), stream.get());
  return to_host_affine<F>(read_device_value(sum.data(), stream.get()));
}

template <class F>
std::vector<typename HostGroup<F>::Affine> ones_batch_sums(
    const HostBases<F>& bases, std::span<const std::span<const std::uint64_t>> bitmaps) {
  if (bitmaps.empty()) return {};
  const std::size_t stride = bitmaps[0].size();
  for (const std::span<const std::uint64_t> bitmap : bitmaps) {
    if (bitmap.size() != stride) throw Error("ones batch: bitmaps of different lengths");
    check_bitmap_fits(bitmap, bases.size());
  }
  const ScopedDevice on(bases.device());
  const Stream stream = make_stream();
  DeviceBuffer<std::uint64_t> device_bitmaps(bitmaps.size() * stride);
  for (std::size_t k = 0; k < bitmaps.size(); ++k) {
    device_bitmaps.upload(bitmaps[k], stream.get(), k * stride);
  }
  DeviceBuffer<DeviceXyzz<F>> sums(bitmaps.size());
  sums.fill_bytes(0, stream.get());  // infinity
  add_ones_sums<F>(static_cast<const DeviceAffine<F>*>(bases.device_data()),
                   std::min(bases.size(), stride * 64), device_bitmaps.data(), stride, 0,
                   static_cast<int>(bitmaps.size()), sums.data(), stream.get());
  std::vector<DeviceXyzz<F>> host(bitmaps.size());
  sums.download(std::span(host), stream.get());
  synchronize(stream);
  std::vector<typename HostGroup<F>::Affine> out;
  for (const DeviceXyzz<F>& sum : host) out.push_back(to_host_affine<F>(sum));
  return out;
}

}  // namespace cuzk::kernels::detail
