// Device Montgomery arithmetic, one template over the modulus (Fp and Fr of BLS12-381).
//
// An element has the host type's layout exactly (bls12_381/mont_field.hpp): a*R mod p in
// little-endian words, fully reduced, so device buffers and host vectors of Fp/Fr copy into each
// other byte for byte. The device works on 32-bit words because the GPU's integer multiplier is
// 32 bits wide; 2N 32-bit words are N 64-bit limbs in the same memory on a little-endian host.
//
// The constants (modulus, -p^-1, R, R^2) come from the host MontParams at compile time: each
// function binds them to a local constexpr, so after unrolling they are immediates.
// Variable time: none of this code handles secrets (the prover's blinding stays on the CPU).
#pragma once

#include <cstddef>
#include <cstdint>

#include "bls12_381/fields.hpp"
#include "kernels/field/mont_mul.cuh"

namespace cuzk::kernels {

template <std::size_t W>
struct Words {
  std::uint32_t w[W];
};

// The 2N 32-bit words of N 64-bit limbs, least significant first.
template <std::size_t N>
constexpr Words<2 * N> split_words(const bls12_381::Limbs<N>& limbs) {
  Words<2 * N> out{};
  for (std::size_t i = 0; i < N; ++i) {
    out.w[2 * i] = static_cast<std::uint32_t>(limbs[i]);
    out.w[2 * i + 1] = static_cast<std::uint32_t>(limbs[i] >> 32);
  }
  return out;
}

namespace detail {

// Carry chains through the PTX condition code. The flag lives between consecutive asm
// statements; nvcc keeps volatile asm in order and inserts no flag-setting instruction.
__device__ __forceinline__ std::uint32_t add_cc(std::uint32_t a, std::uint32_t b) {
  std::uint32_t r;
  asm volatile("add.cc.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
  return r;
}
__device__ __forceinline__ std::uint32_t addc_cc(std::uint32_t a, std::uint32_t b) {
  std::uint32_t r;
  asm volatile("addc.cc.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
  return r;
}
__device__ __forceinline__ std::uint32_t addc(std::uint32_t a, std::uint32_t b) {
  std::uint32_t r;
  asm volatile("addc.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
  return r;
}
__device__ __forceinline__ std::uint32_t sub_cc(std::uint32_t a, std::uint32_t b) {
  std::uint32_t r;
  asm volatile("sub.cc.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
  return r;
}
__device__ __forceinline__ std::uint32_t subc_cc(std::uint32_t a, std::uint32_t b) {
  std::uint32_t r;
  asm volatile("subc.cc.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
  return r;
}
__device__ __forceinline__ std::uint32_t subc(std::uint32_t a, std::uint32_t b) {
  std::uint32_t r;
  asm volatile("subc.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
  return r;
}

}  // namespace detail

template <std::size_t N, const bls12_381::MontParams<N>& P>
struct alignas(16) DeviceMont {
  static constexpr int kWords = static_cast<int>(2 * N);
  using Host = bls12_381::MontField<N, P>;
  std::uint32_t w[kWords];

  __device__ __forceinline__ static DeviceMont zero() {
    DeviceMont r;
#pragma unroll
    for (int i = 0; i < kWords; ++i) r.w[i] = 0;
    return r;
  }
  __device__ __forceinline__ static DeviceMont one() { return from_words(split_words<N>(P.r)); }
  // R^2 mod p: Montgomery-multiplying a canonical value by it gives its Montgomery form.
  __device__ __forceinline__ static DeviceMont r_squared() {
    return from_words(split_words<N>(P.r2));
  }
  __device__ __forceinline__ static DeviceMont from_words(const Words<2 * N>& v) {
    DeviceMont r;
#pragma unroll
    for (int i = 0; i < kWords; ++i) r.w[i] = v.w[i];
    return r;
  }

  __device__ __forceinline__ bool is_zero() const {
    std::uint32_t acc = 0;
#pragma unroll
    for (int i = 0; i < kWords; ++i) acc |= w[i];
    return acc == 0;
  }
  __device__ __forceinline__ friend bool operator==(const DeviceMont& a, const DeviceMont& b) {
    std::uint32_t acc = 0;
#pragma unroll
    for (int i = 0; i < kWords; ++i) acc |= a.w[i] ^ b.w[i];
    return acc == 0;
  }
  __device__ __forceinline__ friend bool operator!=(const DeviceMont& a, const DeviceMont& b) {
    return !(a == b);
  }

  // True when the words, read as an integer, are below p (input validation).
  __device__ __forceinline__ bool is_canonical() const {
    constexpr Words<2 * N> kP = split_words<N>(P.modulus);
    std::uint32_t borrow;
    detail::sub_cc(w[0], kP.w[0]);
#pragma unroll
    for (int i = 1; i < kWords; ++i) detail::subc_cc(w[i], kP.w[i]);
    borrow = detail::subc(0, 0);
    return borrow != 0;
  }

  __device__ __forceinline__ DeviceMont& operator+=(const DeviceMont& b) {
    // No carry out of the top word: both operands are below p < 2^(32W - 1).
    w[0] = detail::add_cc(w[0], b.w[0]);
#pragma unroll
    for (int i = 1; i < kWords - 1; ++i) w[i] = detail::addc_cc(w[i], b.w[i]);
    w[kWords - 1] = detail::addc(w[kWords - 1], b.w[kWords - 1]);
    reduce_once();
    return *this;
  }
  __device__ __forceinline__ DeviceMont& operator-=(const DeviceMont& b) {
    constexpr Words<2 * N> kP = split_words<N>(P.modulus);
    w[0] = detail::sub_cc(w[0], b.w[0]);
#pragma unroll
    for (int i = 1; i < kWords; ++i) w[i] = detail::subc_cc(w[i], b.w[i]);
    const std::uint32_t mask = detail::subc(0, 0);  // all ones iff a < b
    w[0] = detail::add_cc(w[0], kP.w[0] & mask);
#pragma unroll
    for (int i = 1; i < kWords - 1; ++i) w[i] = detail::addc_cc(w[i], kP.w[i] & mask);
    w[kWords - 1] = detail::addc(w[kWords - 1], kP.w[kWords - 1] & mask);
    return *this;
  }
  __device__ __forceinline__ DeviceMont operator-() const {
    DeviceMont r = zero();
    r -= *this;
    return r;
  }
  __device__ __forceinline__ DeviceMont& operator*=(const DeviceMont& b) {
    *this = mul(*this, b);
    return *this;
  }
  __device__ __forceinline__ friend DeviceMont operator+(DeviceMont a, const DeviceMont& b) {
    return a += b;
  }
  __device__ __forceinline__ friend DeviceMont operator-(DeviceMont a, const DeviceMont& b) {
    return a -= b;
  }
  __device__ __forceinline__ friend DeviceMont operator*(const DeviceMont& a, const DeviceMont& b) {
    return mul(a, b);
  }
  __device__ __forceinline__ DeviceMont square() const { return mul(*this, *this); }
  __device__ __forceinline__ DeviceMont doubled() const { return *this + *this; }

  // Canonical a*b + c*d with one Montgomery reduction instead of two: the reduction is about 300
  // of the ~1176 32-bit multiply-adds of two Fp products, and point additions are bound by the
  // integer multiply pipe. The shared reduction needs two spare top bits in p
  // (kernels/field/mont_mul.cuh): Fp has three, Fr only one, so Fr has no dot().
  __device__ __forceinline__ static DeviceMont dot(const DeviceMont& a, const DeviceMont& b,
                                                   const DeviceMont& c, const DeviceMont& d) {
    static_assert(64 * N - P.bits >= 2, "dot() needs p < 2^(64N - 2)");
    constexpr Words<2 * N> kP = split_words<N>(P.modulus);
    constexpr std::uint32_t kInv = static_cast<std::uint32_t>(P.inv);
    DeviceMont t;
    detail::mont_dot_words<kWords>(t.w, a.w, b.w, c.w, d.w, kP.w, kInv);
    t.reduce_once();
    return t;
  }

  // Montgomery form of the canonical integer held in the words (which must be below p).
  __device__ __forceinline__ DeviceMont to_montgomery() const { return mul(*this, r_squared()); }
  // The canonical integer (leaves Montgomery form).
  __device__ __forceinline__ DeviceMont from_montgomery() const {
    DeviceMont unit = zero();
    unit.w[0] = 1;
    return mul(*this, unit);
  }

  // a^e for a public exponent given as host limbs (variable time).
  __device__ DeviceMont pow_limbs(const bls12_381::Limbs<N>& e) const {
    DeviceMont acc = one();
    for (int i = static_cast<int>(64 * N) - 1; i >= 0; --i) {
      acc = acc.square();
      if ((e[i / 64] >> (i % 64)) & 1) acc *= *this;
    }
    return acc;
  }
  // Fermat inverse; zero maps to zero.
  __device__ DeviceMont inverse() const {
    constexpr bls12_381::Limbs<N> kExp = P.p_minus_2;
    return pow_limbs(kExp);
  }

 private:
  // Montgomery product in PTX carry chains (kernels/field/mont_mul.cuh), then one conditional
  // subtraction. The host type (bls12_381/mont_field.hpp) is the reference the tests compare with.
  __device__ __forceinline__ static DeviceMont mul(const DeviceMont& a, const DeviceMont& b) {
    constexpr Words<2 * N> kP = split_words<N>(P.modulus);
    constexpr std::uint32_t kInv = static_cast<std::uint32_t>(P.inv);
    DeviceMont t;
    detail::mont_mul_words<kWords>(t.w, a.w, b.w, kP.w, kInv);
    t.reduce_once();
    return t;
  }

  // Subtracts p once if the value is at least p (input below 2p).
  __device__ __forceinline__ void reduce_once() {
    constexpr Words<2 * N> kP = split_words<N>(P.modulus);
    std::uint32_t u[kWords];
    u[0] = detail::sub_cc(w[0], kP.w[0]);
#pragma unroll
    for (int i = 1; i < kWords; ++i) u[i] = detail::subc_cc(w[i], kP.w[i]);
    const std::uint32_t keep = detail::subc(0, 0);  // all ones iff w < p
#pragma unroll
    for (int i = 0; i < kWords; ++i) w[i] = (w[i] & keep) | (u[i] & ~keep);
  }
};

using DeviceFp = DeviceMont<6, bls12_381::kFpParams>;
using DeviceFr = DeviceMont<4, bls12_381::kFrParams>;

static_assert(sizeof(DeviceFp) == sizeof(bls12_381::Fp), "device and host Fp share a layout");
static_assert(sizeof(DeviceFr) == sizeof(bls12_381::Fr), "device and host Fr share a layout");

namespace detail {

// An Fp product behind a call: G2 code multiplies through this so that each point formula
// holds a few calls instead of dozens of unrolled 12-word products, which kept ptxas busy for
// many minutes per kernel.
__device__ __noinline__ inline DeviceFp fp_mul_call(DeviceFp a, DeviceFp b) { return a * b; }

}  // namespace detail

// Fp2 = Fp[u]/(u^2 + 1), the coordinate field of G2; layout c0 then c1 as in blst and blstrs.
struct alignas(16) DeviceFp2 {
  DeviceFp c0, c1;

  __device__ __forceinline__ static DeviceFp2 zero() {
    return {DeviceFp::zero(), DeviceFp::zero()};
  }
  __device__ __forceinline__ static DeviceFp2 one() { return {DeviceFp::one(), DeviceFp::zero()}; }
  __device__ __forceinline__ bool is_zero() const { return c0.is_zero() && c1.is_zero(); }
  __device__ __forceinline__ friend bool operator==(const DeviceFp2& a, const DeviceFp2& b) {
    return a.c0 == b.c0 && a.c1 == b.c1;
  }
  __device__ __forceinline__ friend bool operator!=(const DeviceFp2& a, const DeviceFp2& b) {
    return !(a == b);
  }
  __device__ __forceinline__ DeviceFp2& operator+=(const DeviceFp2& b) {
    c0 += b.c0;
    c1 += b.c1;
    return *this;
  }
  __device__ __forceinline__ DeviceFp2& operator-=(const DeviceFp2& b) {
    c0 -= b.c0;
    c1 -= b.c1;
    return *this;
  }
  __device__ __forceinline__ DeviceFp2 operator-() const { return {-c0, -c1}; }
  __device__ __forceinline__ friend DeviceFp2 operator+(DeviceFp2 a, const DeviceFp2& b) {
    return a += b;
  }
  __device__ __forceinline__ friend DeviceFp2 operator-(DeviceFp2 a, const DeviceFp2& b) {
    return a -= b;
  }
  // Karatsuba: three Fp multiplications.
  __device__ __forceinline__ friend DeviceFp2 operator*(const DeviceFp2& a, const DeviceFp2& b) {
    const DeviceFp v0 = detail::fp_mul_call(a.c0, b.c0);
    const DeviceFp v1 = detail::fp_mul_call(a.c1, b.c1);
    const DeviceFp s = detail::fp_mul_call(a.c0 + a.c1, b.c0 + b.c1);
    return {v0 - v1, s - v0 - v1};
  }
  __device__ __forceinline__ DeviceFp2& operator*=(const DeviceFp2& b) { return *this = *this * b; }
  // a*b + c*d as two products (Fp's dot() would put more unrolled Fp arithmetic into the G2
  // kernels, see fp_mul_call); the G2 curve formulas keep their own a*b - c*d.
  __device__ __forceinline__ static DeviceFp2 dot(const DeviceFp2& a, const DeviceFp2& b,
                                                  const DeviceFp2& c, const DeviceFp2& d) {
    return a * b + c * d;
  }
  // (c0 + c1 u)^2 = (c0 + c1)(c0 - c1) + 2 c0 c1 u: two multiplications.
  __device__ __forceinline__ DeviceFp2 square() const {
    const DeviceFp t = detail::fp_mul_call(c0, c1);
    return {detail::fp_mul_call(c0 + c1, c0 - c1), t + t};
  }
  __device__ __forceinline__ DeviceFp2 doubled() const { return *this + *this; }
  __device__ __forceinline__ bool is_canonical() const {
    return c0.is_canonical() && c1.is_canonical();
  }
  __device__ __forceinline__ DeviceFp2 to_montgomery() const {
    return {c0.to_montgomery(), c1.to_montgomery()};
  }
};

}  // namespace cuzk::kernels
