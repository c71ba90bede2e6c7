// G2 entry points: the MSM and the batch addition over Fp2 (msm_entry_points.cuh).
#include "kernels/msm/msm_entry_points.cuh"

namespace cuzk::kernels {

G2AffineMont msm_g2(const DeviceG2Bases& bases, std::span<const ScalarLimbs> scalars,
                    const MsmConfig& config) {
  return detail::msm<DeviceFp2>(bases, scalars, config);
}

G2AffineMont batch_add_g2(const DeviceG2Bases& bases, std::span<const std::uint64_t> bitmap) {
  return detail::batch_add_sum<DeviceFp2>(bases, bitmap);
}

std::vector<G2AffineMont> ones_batch_g2(const DeviceG2Bases& bases,
                                        std::span<const std::span<const std::uint64_t>> bitmaps) {
  return detail::ones_batch_sums<DeviceFp2>(bases, bitmaps);
}

}  // namespace cuzk::kernels
