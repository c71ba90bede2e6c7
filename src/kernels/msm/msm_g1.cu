// G1 entry points: the MSM and the batch addition over Fp (msm_entry_points.cuh).
#include "kernels/msm/msm_entry_points.cuh"

namespace cuzk::kernels {

G1AffineMont msm_g1(const DeviceG1Bases& bases, std::span<const ScalarLimbs> scalars,
                    const MsmConfig& config) {
  return detail::msm<DeviceFp>(bases, scalars, config);
}

G1AffineMont batch_add_g1(const DeviceG1Bases& bases, std::span<const std::uint64_t> bitmap) {
  return detail::batch_add_sum<DeviceFp>(bases, bitmap);
}

std::vector<G1AffineMont> ones_batch_g1(const DeviceG1Bases& bases,
                                        std::span<const std::span<const std::uint64_t>> bitmaps) {
  return detail::ones_batch_sums<DeviceFp>(bases, bitmaps);
}

}  // namespace cuzk::kernels
