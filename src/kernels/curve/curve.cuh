// Device points of BLS12-381's G1 (over Fp) and G2 (over Fp2): affine for storage and inputs,
// XYZZ for accumulation. Formulas are written once for both groups (the curves have a = 0).
//
// XYZZ coordinates (x, y) = (X/ZZ, Y/ZZZ) with ZZ^3 = ZZZ^2 (Bernstein-Lange EFD, "xyzz" for
// short Weierstrass curves): a mixed addition costs 8M + 2S and needs no inversion, and the
// formulas detect doubling and inverse points cheaply, which Pippenger buckets need because
// the same point can land in one bucket twice. Infinity is ZZ = ZZZ = 0.
//
// Affine infinity is (0, 0), which is not on either curve (b != 0), so a zero-filled buffer is
// all infinities and host and device share the 96-byte (192-byte for G2) layout.
// Variable time (public points only).
#pragma once

#include <type_traits>

#include "kernels/field/field.cuh"

namespace cuzk::kernels {

template <class F>
struct alignas(16) DeviceAffine {
  F x, y;

  __device__ __forceinline__ static DeviceAffine infinity() { return {F::zero(), F::zero()}; }
  __device__ __forceinline__ bool is_infinity() const { return x.is_zero() && y.is_zero(); }
  __device__ __forceinline__ DeviceAffine negated() const { return {x, -y}; }
};

template <class F>
struct alignas(16) DeviceXyzz {
  F x, y, zz, zzz;

  // A*B - C*D, the form of every y coordinate below. G1: one dot() (one Montgomery reduction for
  // both products, kernels/field/field.cuh) after negating C. G2: two products and a subtraction as
  // before, since there dot() saves nothing and the negation would only add code.
  __device__ __forceinline__ static F mul_sub(const F& a, const F& b, const F& c, const F& d) {
    if constexpr (std::is_same_v<F, DeviceFp2>) {
      return a * b - c * d;
    } else {
      return F::dot(a, b, -c, d);
    }
  }

  __device__ __forceinline__ static DeviceXyzz infinity() {
    return {F::zero(), F::zero(), F::zero(), F::zero()};
  }
  __device__ __forceinline__ bool is_infinity() const { return zz.is_zero(); }

  __device__ __forceinline__ static DeviceXyzz from_affine(const DeviceAffine<F>& p) {
    if (p.is_infinity()) return infinity();
    return {p.x, p.y, F::one(), F::one()};
  }
  __device__ __forceinline__ DeviceXyzz negated() const { return {x, -y, zz, zzz}; }

  // dbl-2008-s-1 with a = 0: returns 2P.
  __device__ __forceinline__ DeviceXyzz doubled() const {
    if (is_infinity()) return *this;
    const F u = y.doubled();
    const F v = u.square();
    const F w = u * v;
    const F s = x * v;
    const F x2 = x.square();
    const F m = x2.doubled() + x2;
    DeviceXyzz r;
    r.x = m.square() - s.doubled();
    r.y = mul_sub(m, s - r.x, w, y);
    r.zz = v * zz;
    r.zzz = w * zzz;
    return r;
  }

  // mdbl-2008-s-1: 2Q for affine Q (not infinity).
  __device__ __forceinline__ static DeviceXyzz doubled_affine(const DeviceAffine<F>& q) {
    const F u = q.y.doubled();
    const F v = u.square();
    const F w = u * v;
    const F s = q.x * v;
    const F x2 = q.x.square();
    const F m = x2.doubled() + x2;
    DeviceXyzz r;
    r.x = m.square() - s.doubled();
    r.y = mul_sub(m, s - r.x, w, q.y);
    r.zz = v;
    r.zzz = w;
    return r;
  }

  // madd-2008-s: *this += q for affine q.
  __device__ __forceinline__ void add_affine(const DeviceAffine<F>& q) {
    if (q.is_infinity()) return;
    if (is_infinity()) {
      *this = from_affine(q);
      return;
    }
    const F u2 = q.x * zz;
    const F s2 = q.y * zzz;
    const F p = u2 - x;
    const F r = s2 - y;
    if (p.is_zero()) {
      if (r.is_zero()) {
        *this = doubled_affine(q);
      } else {
        *this = infinity();
      }
      return;
    }
    const F pp = p.square();
    const F ppp = p * pp;
    const F q1 = x * pp;
    x = r.square() - ppp - q1.doubled();
    y = mul_sub(r, q1 - x, y, ppp);
    zz = zz * pp;
    zzz = zzz * ppp;
  }

  // add-2008-s: *this += q for q in XYZZ.
  __device__ __forceinline__ void add(const DeviceXyzz& q) {
    if (q.is_infinity()) return;
    if (is_infinity()) {
      *this = q;
      return;
    }
    const F u1 = x * q.zz;
    const F u2 = q.x * zz;
    const F s1 = y * q.zzz;
    const F s2 = q.y * zzz;
    const F p = u2 - u1;
    const F r = s2 - s1;
    if (p.is_zero()) {
      if (r.is_zero()) {
        *this = doubled();
      } else {
        *this = infinity();
      }
      return;
    }
    const F pp = p.square();
    const F ppp = p * pp;
    const F q1 = u1 * pp;
    x = r.square() - ppp - q1.doubled();
    y = mul_sub(r, q1 - x, s1, ppp);
    zz = zz * q.zz * pp;
    zzz = zzz * q.zzz * ppp;
  }
};

using DeviceG1Affine = DeviceAffine<DeviceFp>;
using DeviceG2Affine = DeviceAffine<DeviceFp2>;
using DeviceG1Xyzz = DeviceXyzz<DeviceFp>;
using DeviceG2Xyzz = DeviceXyzz<DeviceFp2>;

// y^2 = x^3 + b with b = 4 on G1 and 4(1 + u) on G2, b in Montgomery form.
__device__ __forceinline__ DeviceFp curve_b(DeviceFp) {
  constexpr Words<12> kFour = split_words<6>(bls12_381::Fp::from_u64(4).montgomery_limbs());
  return DeviceFp::from_words(kFour);
}
__device__ __forceinline__ DeviceFp2 curve_b(DeviceFp2) {
  const DeviceFp four = curve_b(DeviceFp{});
  return {four, four};
}

template <class F>
__device__ __forceinline__ bool is_on_curve(const DeviceAffine<F>& p) {
  return p.y.square() == p.x.square() * p.x + curve_b(F{});
}

}  // namespace cuzk::kernels
