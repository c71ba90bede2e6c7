// A device XYZZ sum brought to the host as an affine point in the host layout, for each group:
// G1 over DeviceFp gives G1AffineMont, G2 over DeviceFp2 gives G2AffineMont. Internal to the
// kernels folder.
#pragma once

#include <cstring>

#include "kernels/curve/curve.cuh"
#include "kernels/curve/host_points.hpp"
#include "kernels/curve/points.hpp"

namespace cuzk::kernels::detail {

// The host types of the group whose coordinates are in F, and its name for messages.
template <class F>
struct HostGroup;
template <>
struct HostGroup<DeviceFp> {
  using Affine = G1AffineMont;
  using Xyzz = G1XyzzHost;
  static constexpr const char* kName = "G1";
};
template <>
struct HostGroup<DeviceFp2> {
  using Affine = G2AffineMont;
  using Xyzz = G2XyzzHost;
  static constexpr const char* kName = "G2";
};

// (X/ZZ, Y/ZZZ), or (0, 0) for infinity, of a sum read back from the device.
template <class F>
typename HostGroup<F>::Affine to_host_affine(const DeviceXyzz<F>& p) {
  typename HostGroup<F>::Xyzz host;
  static_assert(sizeof host == sizeof p, "the host mirror has the device layout");
  std::memcpy(&host, &p, sizeof host);
  return to_affine(host);
}

}  // namespace cuzk::kernels::detail
