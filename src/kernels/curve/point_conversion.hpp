// Conversions between the host's curve points (bls12_381/g1.hpp, g2.hpp) and the device layout
// (points.hpp), which share their Montgomery coordinates. Plain C++, header-only.
#pragma once

#include "bls12_381/g1.hpp"
#include "bls12_381/g2.hpp"
#include "kernels/curve/points.hpp"

namespace cuzk::kernels {

inline Fp2Mont to_device_layout(const bls12_381::Fp2& f) { return {f.c0, f.c1}; }
inline bls12_381::Fp2 from_device_layout(const Fp2Mont& f) { return bls12_381::Fp2{f.c0, f.c1}; }

inline G1AffineMont to_device_layout(const bls12_381::G1Affine& p) {
  return p.infinity ? G1AffineMont{} : G1AffineMont{p.x, p.y};
}
inline G2AffineMont to_device_layout(const bls12_381::G2Affine& p) {
  return p.infinity ? G2AffineMont{} : G2AffineMont{to_device_layout(p.x), to_device_layout(p.y)};
}

inline bls12_381::G1Affine from_device_layout(const G1AffineMont& p) {
  return p.is_infinity() ? bls12_381::G1Affine::identity() : bls12_381::G1Affine::from_xy(p.x, p.y);
}
inline bls12_381::G2Affine from_device_layout(const G2AffineMont& p) {
  return p.is_infinity()
             ? bls12_381::G2Affine::identity()
             : bls12_381::G2Affine::from_xy(from_device_layout(p.x), from_device_layout(p.y));
}

}  // namespace cuzk::kernels
