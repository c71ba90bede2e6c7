// G2 entry points: the MSM and the batch addition over Fp2.
#include <cstring>
#include <string>

#include "kernels/curve/host_points.hpp"
#include "kernels/msm/msm.hpp"
#include "kernels/msm/pippenger.cuh"

namespace cuzk::kernels {
namespace {

G2AffineMont to_host_affine(const DeviceG2Xyzz& p) {
  static_assert(sizeof(detail::G2XyzzHost) == sizeof(DeviceG2Xyzz));
  detail::G2XyzzHost host;
  std::memcpy(&host, &p, sizeof host);
  return detail::to_affine(host);
}

}  // namespace

G2AffineMont msm_g2(const DeviceG2Bases& bases, std::span<const ScalarLimbs> scalars,
                    const MsmConfig& config) {
  if (scalars.size() > bases.size())
    throw Error("G2 MSM of " + std::to_string(scalars.size()) + " scalars over only " +
                std::to_string(bases.size()) + " bases");
  const auto* device_bases = static_cast<const DeviceG2Affine*>(bases.device_data());
  return to_host_affine(detail::pippenger<DeviceFp2>(device_bases, scalars, config));
}

G2AffineMont batch_add_g2(const DeviceG2Bases& bases, std::span<const std::uint64_t> bitmap) {
  detail::check_bitmap_fits(bitmap, bases.size());
  const Stream stream = make_stream();
  DeviceBuffer<std::uint64_t> device_bitmap(bitmap.size());
  device_bitmap.upload(bitmap, stream.get());
  DeviceBuffer<DeviceG2Xyzz> sum(1);
  detail::batch_add<DeviceFp2>(static_cast<const DeviceG2Affine*>(bases.device_data()),
                               device_bitmap.data(), bitmap.size(), sum.data(), stream.get());
  return to_host_affine(detail::read_device_value(sum.data(), stream.get()));
}

}  // namespace cuzk::kernels
