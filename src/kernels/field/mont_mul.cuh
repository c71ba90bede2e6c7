// The Montgomery product a*b/R mod p on 32-bit words, in PTX carry chains.
//
// Why this shape: the GPU multiplies 32x32 bits and returns either the low or the high half of
// the product, and its multiply-add can take and give a carry flag (mad.lo.cc / madc.hi.cc).
// A schoolbook row a[0..W) * b_i yields W low halves (weights 2^(32j)) and W high halves
// (weights 2^(32(j+1))), which overlap. Splitting the row by the parity of j removes the
// overlap: the products with even j fill one accumulator word for word (lo at j, hi at j+1),
// those with odd j fill a second accumulator that sits one word higher. Each accumulator then
// takes a whole row in one unbroken carry chain, with no separate carry word to propagate.
//
// The value held is E + 2^32 * O (E = even accumulator, O = odd one, W words each). One step
// of the interleaved (CIOS) reduction adds a row, then m*p with m = E[0] * (-p^-1) mod 2^32,
// which clears E[0], then divides by 2^32. The division costs nothing: O becomes the word-aligned
// accumulator and the upper words of E, shifted down two places, become the new odd one; the
// shift is folded into the next row's multiply-adds, and E[1] (now weight 1) is added into O[0]
// first, its carry entering the shifted chain at weight 2^32. The two roles swap every row, so
// rows come in pairs and W must be even.
//
// Bounds: p < 2^(32W - 1) (top bit clear; true for Fp and Fr of BLS12-381), so the running
// value stays below 2p * 2^32 and neither accumulator's chain can carry out of its top word.
// The result is below 2p; one conditional subtraction makes it canonical.
#pragma once

#include <cstdint>

namespace cuzk::kernels::detail {

// Each helper is one PTX instruction that reads and/or writes the carry flag. Consecutive
// volatile asm statements stay in order and nvcc puts nothing that touches the flag between
// them; no ordinary C++ expression may sit inside a chain.
__device__ __forceinline__ void mul_lo(std::uint32_t& r, std::uint32_t a, std::uint32_t b) {
  asm volatile("mul.lo.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
}
__device__ __forceinline__ void mul_hi(std::uint32_t& r, std::uint32_t a, std::uint32_t b) {
  asm volatile("mul.hi.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
}
// r += lo(a*b), carry out.
__device__ __forceinline__ void mad_lo_cc(std::uint32_t& r, std::uint32_t a, std::uint32_t b) {
  asm volatile("mad.lo.cc.u32 %0, %1, %2, %0;" : "+r"(r) : "r"(a), "r"(b));
}
// r += lo(a*b) + carry, carry out (and the same for the high half).
__device__ __forceinline__ void madc_lo_cc(std::uint32_t& r, std::uint32_t a, std::uint32_t b) {
  asm volatile("madc.lo.cc.u32 %0, %1, %2, %0;" : "+r"(r) : "r"(a), "r"(b));
}
__device__ __forceinline__ void madc_hi_cc(std::uint32_t& r, std::uint32_t a, std::uint32_t b) {
  asm volatile("madc.hi.cc.u32 %0, %1, %2, %0;" : "+r"(r) : "r"(a), "r"(b));
}
// r = lo(a*b) + c + carry, carry out; r = hi(a*b) + c + carry, carry out or not.
__device__ __forceinline__ void madc_lo_to_cc(std::uint32_t& r, std::uint32_t a, std::uint32_t b,
                                              std::uint32_t c) {
  asm volatile("madc.lo.cc.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
}
__device__ __forceinline__ void madc_hi_to_cc(std::uint32_t& r, std::uint32_t a, std::uint32_t b,
                                              std::uint32_t c) {
  asm volatile("madc.hi.cc.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
}
__device__ __forceinline__ void madc_hi_to(std::uint32_t& r, std::uint32_t a, std::uint32_t b,
                                           std::uint32_t c) {
  asm volatile("madc.hi.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
}
// r += s, carry out; r += s + carry, carry out or not; r += carry.
__device__ __forceinline__ void add_to_cc(std::uint32_t& r, std::uint32_t s) {
  asm volatile("add.cc.u32 %0, %0, %1;" : "+r"(r) : "r"(s));
}
__device__ __forceinline__ void addc_to_cc(std::uint32_t& r, std::uint32_t s) {
  asm volatile("addc.cc.u32 %0, %0, %1;" : "+r"(r) : "r"(s));
}
__device__ __forceinline__ void addc_to(std::uint32_t& r, std::uint32_t s) {
  asm volatile("addc.u32 %0, %0, %1;" : "+r"(r) : "r"(s));
}
__device__ __forceinline__ void add_carry(std::uint32_t& r) {
  asm volatile("addc.u32 %0, %0, 0;" : "+r"(r));
}

// acc[j], acc[j+1] += a[j+off] * b for j = 0, 2, ..., count - 2, as one chain from a clear
// carry; the carry out stays in the flag for the caller.
template <int kCount, int kOff>
__device__ __forceinline__ void mad_row_cc(std::uint32_t* acc, const std::uint32_t* a,
                                           std::uint32_t b) {
  mad_lo_cc(acc[0], a[kOff], b);
  madc_hi_cc(acc[1], a[kOff], b);
#pragma unroll
  for (int j = 2; j < kCount; j += 2) {
    madc_lo_cc(acc[j], a[j + kOff], b);
    madc_hi_cc(acc[j + 1], a[j + kOff], b);
  }
}

// The first row: even[j..j+1] = a[j] * b, odd[j..j+1] = a[j+1] * b (j even); no carries.
template <int W>
__device__ __forceinline__ void first_row(std::uint32_t* even, std::uint32_t* odd,
                                          const std::uint32_t* a, std::uint32_t b) {
#pragma unroll
  for (int j = 0; j < W; j += 2) {
    mul_lo(even[j], a[j], b);
    mul_hi(even[j + 1], a[j], b);
    mul_lo(odd[j], a[j + 1], b);
    mul_hi(odd[j + 1], a[j + 1], b);
  }
}

// A later row after a reduction step: the old even accumulator (`prev`, whose word 0 is zero)
// is divided by 2^32 and becomes the new odd one while the row's odd products go in; `base`
// (the old odd accumulator, now word-aligned) takes the even products.
template <int W>
__device__ __forceinline__ void next_row(std::uint32_t* base, std::uint32_t* prev,
                                         const std::uint32_t* a, std::uint32_t b) {
  add_to_cc(base[0], prev[1]);  // weight 1 now; its carry has weight 2^32, prev's new word 0
#pragma unroll
  for (int j = 0; j < W - 2; j += 2) {
    madc_lo_to_cc(prev[j], a[j + 1], b, prev[j + 2]);
    madc_hi_to_cc(prev[j + 1], a[j + 1], b, prev[j + 3]);
  }
  madc_lo_to_cc(prev[W - 2], a[W - 1], b, 0);
  madc_hi_to(prev[W - 1], a[W - 1], b, 0);
  mad_row_cc<W, 0>(base, a, b);
  add_carry(prev[W - 1]);
}

// base + 2^32 odd += a * b. The odd chain goes first: its carry out of the top word is zero by
// the bounds, and the even chain's first instruction does not read the flag; the even chain's
// carry has weight 2^(32W), odd's top word.
template <int W>
__device__ __forceinline__ void add_row(std::uint32_t* base, std::uint32_t* odd,
                                        const std::uint32_t* a, std::uint32_t b) {
  mad_row_cc<W, 1>(odd, a, b);
  mad_row_cc<W, 0>(base, a, b);
  add_carry(odd[W - 1]);
}

// Adds m*p with m chosen so that the word-aligned accumulator's word 0 becomes zero.
template <int W>
__device__ __forceinline__ void reduce_step(std::uint32_t* base, std::uint32_t* odd,
                                            const std::uint32_t* p, std::uint32_t inv) {
  add_row<W>(base, odd, p, base[0] * inv);
}

// Value = y + 2^32 x with y[0] = 0 after the last reduction: the final division leaves
// out = x + y / 2^32.
template <int W>
__device__ __forceinline__ void last_division(std::uint32_t* out, std::uint32_t* x,
                                              const std::uint32_t* y) {
  add_to_cc(x[0], y[1]);
#pragma unroll
  for (int j = 1; j < W - 1; ++j) addc_to_cc(x[j], y[j + 1]);
  add_carry(x[W - 1]);
#pragma unroll
  for (int j = 0; j < W; ++j) out[j] = x[j];
}

// out = a * b / 2^(32W) mod p, below 2p (not yet canonical).
template <int W>
__device__ __forceinline__ void mont_mul_words(std::uint32_t* out, const std::uint32_t* a,
                                               const std::uint32_t* b, const std::uint32_t* p,
                                               std::uint32_t inv) {
  static_assert(W % 2 == 0, "rows come in pairs");
  std::uint32_t x[W], y[W];
  first_row<W>(x, y, a, b[0]);
  reduce_step<W>(x, y, p, inv);
  next_row<W>(y, x, a, b[1]);
  reduce_step<W>(y, x, p, inv);
#pragma unroll
  for (int i = 2; i < W; i += 2) {
    next_row<W>(x, y, a, b[i]);
    reduce_step<W>(x, y, p, inv);
    next_row<W>(y, x, a, b[i + 1]);
    reduce_step<W>(y, x, p, inv);
  }
  last_division<W>(out, x, y);
}

// out = (a * b + c * d) / 2^(32W) mod p, below 2p (not yet canonical): both products share
// one reduction, each row adding a * b[i] and c * d[i] before its reduction step.
//
// Bounds, with R = 2^(32W), S = a + c + p and T the value after a step's division (0 at first):
// a step adds a*b[i] + c*d[i] + m*p <= S (2^32 - 1), so T < S holds throughout and the running
// value stays below S * 2^32. Chains only add, so 2^32 times the odd accumulator never exceeds
// the running value: while S <= R no odd chain carries out of its top word (the even chains'
// carries land there). a, c < p make that p < R/3, ensured by the caller with two spare top
// bits. BLS12-381 Fp has three; Fr (p ~ 0.45 R) has one, and a row with large words of b, d and
// m would overflow. The result (ab + cd + mp)/R < 2p^2/R + p < 2p.
template <int W>
__device__ __forceinline__ void mont_dot_words(std::uint32_t* out, const std::uint32_t* a,
                                               const std::uint32_t* b, const std::uint32_t* c,
                                               const std::uint32_t* d, const std::uint32_t* p,
                                               std::uint32_t inv) {
  static_assert(W % 2 == 0, "rows come in pairs");
  std::uint32_t x[W], y[W];
  first_row<W>(x, y, a, b[0]);
  add_row<W>(x, y, c, d[0]);
  reduce_step<W>(x, y, p, inv);
  next_row<W>(y, x, a, b[1]);
  add_row<W>(y, x, c, d[1]);
  reduce_step<W>(y, x, p, inv);
#pragma unroll
  for (int i = 2; i < W; i += 2) {
    next_row<W>(x, y, a, b[i]);
    add_row<W>(x, y, c, d[i]);
    reduce_step<W>(x, y, p, inv);
    next_row<W>(y, x, a, b[i + 1]);
    add_row<W>(y, x, c, d[i + 1]);
    reduce_step<W>(y, x, p, inv);
  }
  last_division<W>(out, x, y);
}

}  // namespace cuzk::kernels::detail
