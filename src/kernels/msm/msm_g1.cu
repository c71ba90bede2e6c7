// G1 entry points: the MSM and the batch addition over Fp.
#include <cstring>
#include <string>

#include "kernels/curve/host_points.hpp"
#include "kernels/msm/msm.hpp"
#include "kernels/msm/pippenger.cuh"

namespace cuzk::kernels {
namespace {

G1AffineMont to_host_affine(const DeviceG1Xyzz& p) {
  static_assert(sizeof(detail::G1XyzzHost) == sizeof(DeviceG1Xyzz));
  detail::G1XyzzHost host;
  std::memcpy(&host, &p, sizeof host);
  return detail::to_affine(host);
}

}  // namespace

G1AffineMont msm_g1(const DeviceG1Bases& bases, std::span<const ScalarLimbs> scalars,
                    const MsmConfig& config) {
  if (scalars.size() > bases.size())
    throw Error("G1 MSM of " + std::to_string(scalars.size()) + " scalars over only " +
                std::to_string(bases.size()) + " bases");
  const auto* device_bases = static_cast<const DeviceG1Affine*>(bases.device_data());
  return to_host_affine(detail::pippenger<DeviceFp>(device_bases, scalars, config));
}

G1AffineMont batch_add_g1(const DeviceG1Bases& bases, std::span<const std::uint64_t> bitmap) {
  detail::check_bitmap_fits(bitmap, bases.size());
  const Stream stream = make_stream();
  DeviceBuffer<std::uint64_t> device_bitmap(bitmap.size());
  device_bitmap.upload(bitmap, stream.get());
  DeviceBuffer<DeviceG1Xyzz> sum(1);
  detail::batch_add<DeviceFp>(static_cast<const DeviceG1Affine*>(bases.device_data()),
                              device_bitmap.data(), bitmap.size(), sum.data(), stream.get());
  return to_host_affine(detail::read_device_value(sum.data(), stream.get()));
}

}  // namespace cuzk::kernels
