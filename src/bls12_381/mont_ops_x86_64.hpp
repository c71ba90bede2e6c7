// Montgomery multiplication for x86-64 CPUs with BMI2 and ADX (Intel Broadwell and AMD Zen on).
//
// The portable code in mont_ops_portable.hpp has one carry chain, so GCC serializes every
// multiply-accumulate on the carry flag and spills the running sum. Here MULX (which leaves the
// flags alone) and the two independent carry chains of ADCX (carry flag) and ADOX (overflow flag)
// let the low and high halves of each product be accumulated at the same time: the method of
// Intel's white paper "New instructions supporting large integer arithmetic on Intel architecture
// processors" (Ozturk, Guilford, Gopal, Feghali, 2012), applied to CIOS Montgomery multiplication.
//
// Row i adds a*b[i] into the (N+1)-limb running sum T, then m*p with m = T[0]*(-p^-1) mod 2^64,
// which clears T[0]; the sum is then T / 2^64. Instead of shifting registers, the next row names
// them rotated by one: the register that held the cleared T[0] becomes the new, zero top limb.
// The bound T < 2p < 2^(64N) (the modulus leaves its top bit clear) keeps T within N+1 limbs, so
// neither chain carries out of the top limb. A final conditional subtraction of p (sub/sbb, then
// cmov) makes the result fully reduced. Constant time: no branch or address depends on the data.
//
// Callers must check cpu_has_bmi2_adx() first (see mont_field.hpp for how that is dispatched).
#pragma once

#include <cstdint>

#include "bls12_381/bigint.hpp"

#if defined(__x86_64__) && !defined(__CUDA_ARCH__)
#define CUZK_MONT_X86_64 1
#include <cpuid.h>
#endif

namespace cuzk::bls12_381::mont_x86_64 {

#if defined(CUZK_MONT_X86_64)

// CPUID leaf 7, sub-leaf 0: EBX bit 8 is BMI2 (MULX), bit 19 is ADX (ADCX/ADOX).
inline bool detect_bmi2_adx() {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx) == 0) return false;
  return (ebx & (1u << 8)) != 0 && (ebx & (1u << 19)) != 0;
}

// Read once at start-up and never written again. Before its dynamic initialization runs (another
// static initializer multiplying field elements) it reads false, which selects the portable path:
// correct either way.
inline const bool kHasBmi2Adx = detect_bmi2_adx();

inline bool cpu_has_bmi2_adx() {
#if defined(__BMI2__) && defined(__ADX__)
  return true;  // the compiler was told the target has them (-march=native on such a machine)
#else
  return kHasBmi2Adx;
#endif
}

// The asm text is assembled from these pieces; operand names refer to the asm statements below.
// T[j] += lo(x*rdx) on the overflow-flag chain, T[j+1] += hi(x*rdx) on the carry-flag chain.
#define CUZK_MAC(off, src, tj, tj1) \
  "mulx " #off "(%[" #src           \
  "]), %[lo], %[hi]\n\t"            \
  "adox %[lo], %[" #tj              \
  "]\n\t"                           \
  "adcx %[hi], %[" #tj1 "]\n\t"
// Ends a row: the overflow-flag chain's last carry goes into the top limb.
#define CUZK_MAC_END(top) "mov $0, %k[lo]\n\tadox %[lo], %[" #top "]\n\t"
// rdx = m = T[0] * (-p^-1) mod 2^64; the xor clears both carry flags.
#define CUZK_REDUCE_START(t0) \
  "mov %[" #t0 "], %%rdx\n\timul %[inv], %%rdx\n\txor %k[lo], %k[lo]\n\t"
// rdx = b[i]; the xor clears both carry flags.
#define CUZK_ROW_START(boff) "mov " #boff "(%[b]), %%rdx\n\txor %k[lo], %k[lo]\n\t"

// T = a*b[0] for the first row, where T is zero and one carry chain suffices.
#define CUZK_ROW0_4(t0, t1, t2, t3, t4)                   \
  "mov 0(%[b]), %%rdx\n\t"                                \
  "mulx 0(%[a]), %[" #t0 "], %[" #t1                      \
  "]\n\t"                                                 \
  "mulx 8(%[a]), %[lo], %[" #t2 "]\n\tadd %[lo], %[" #t1  \
  "]\n\t"                                                 \
  "mulx 16(%[a]), %[lo], %[" #t3 "]\n\tadc %[lo], %[" #t2 \
  "]\n\t"                                                 \
  "mulx 24(%[a]), %[lo], %[" #t4 "]\n\tadc %[lo], %[" #t3 "]\n\tadc $0, %[" #t4 "]\n\t"
#define CUZK_REDUCE_4(t0, t1, t2, t3, t4) \
  CUZK_REDUCE_START(t0)                   \
  CUZK_MAC(0, p, t0, t1)                  \
  CUZK_MAC(8, p, t1, t2) CUZK_MAC(16, p, t2, t3) CUZK_MAC(24, p, t3, t4) CUZK_MAC_END(t4)
#define CUZK_ROW_4(boff, t0, t1, t2, t3, t4) \
  CUZK_ROW_START(boff)                       \
  CUZK_MAC(0, a, t0, t1)                     \
  CUZK_MAC(8, a, t1, t2) CUZK_MAC(16, a, t2, t3) CUZK_MAC(24, a, t3, t4) CUZK_MAC_END(t4)

#define CUZK_ROW0_6(t0, t1, t2, t3, t4, t5, t6)           \
  "mov 0(%[b]), %%rdx\n\t"                                \
  "mulx 0(%[a]), %[" #t0 "], %[" #t1                      \
  "]\n\t"                                                 \
  "mulx 8(%[a]), %[lo], %[" #t2 "]\n\tadd %[lo], %[" #t1  \
  "]\n\t"                                                 \
  "mulx 16(%[a]), %[lo], %[" #t3 "]\n\tadc %[lo], %[" #t2 \
  "]\n\t"                                                 \
  "mulx 24(%[a]), %[lo], %[" #t4 "]\n\tadc %[lo], %[" #t3 \
  "]\n\t"                                                 \
  "mulx 32(%[a]), %[lo], %[" #t5 "]\n\tadc %[lo], %[" #t4 \
  "]\n\t"                                                 \
  "mulx 40(%[a]), %[lo], %[" #t6 "]\n\tadc %[lo], %[" #t5 "]\n\tadc $0, %[" #t6 "]\n\t"
// clang-format off: one multiply-accumulate per line keeps the carry chains readable.
#define CUZK_REDUCE_6(t0, t1, t2, t3, t4, t5, t6) \
  CUZK_REDUCE_START(t0)                           \
  CUZK_MAC(0, p, t0, t1)                          \
  CUZK_MAC(8, p, t1, t2)                          \
  CUZK_MAC(16, p, t2, t3)                         \
  CUZK_MAC(24, p, t3, t4)                         \
  CUZK_MAC(32, p, t4, t5)                         \
  CUZK_MAC(40, p, t5, t6)                         \
  CUZK_MAC_END(t6)
#define CUZK_ROW_6(boff, t0, t1, t2, t3, t4, t5, t6) \
  CUZK_ROW_START(boff)                               \
  CUZK_MAC(0, a, t0, t1)                             \
  CUZK_MAC(8, a, t1, t2)                             \
  CUZK_MAC(16, a, t2, t3)                            \
  CUZK_MAC(24, a, t3, t4)                            \
  CUZK_MAC(32, a, t4, t5)                            \
  CUZK_MAC(40, a, t5, t6)                            \
  CUZK_MAC_END(t6)
// clang-format on

// result = t - p if that does not borrow, else t; c* are scratch registers.
#define CUZK_FINAL_SUB_4(r0, r1, r2, r3, c0, c1, c2, c3)       \
  "mov %[" #r0 "], %[" #c0 "]\n\tmov %[" #r1 "], %[" #c1       \
  "]\n\t"                                                      \
  "mov %[" #r2 "], %[" #c2 "]\n\tmov %[" #r3 "], %[" #c3       \
  "]\n\t"                                                      \
  "sub 0(%[p]), %[" #c0 "]\n\tsbb 8(%[p]), %[" #c1             \
  "]\n\t"                                                      \
  "sbb 16(%[p]), %[" #c2 "]\n\tsbb 24(%[p]), %[" #c3           \
  "]\n\t"                                                      \
  "cmovnc %[" #c0 "], %[" #r0 "]\n\tcmovnc %[" #c1 "], %[" #r1 \
  "]\n\t"                                                      \
  "cmovnc %[" #c2 "], %[" #r2 "]\n\tcmovnc %[" #c3 "], %[" #r3 "]\n\t"
#define CUZK_FINAL_SUB_6(r0, r1, r2, r3, r4, r5, c0, c1, c2, c3, c4, c5) \
  "mov %[" #r0 "], %[" #c0 "]\n\tmov %[" #r1 "], %[" #c1                 \
  "]\n\t"                                                                \
  "mov %[" #r2 "], %[" #c2 "]\n\tmov %[" #r3 "], %[" #c3                 \
  "]\n\t"                                                                \
  "mov %[" #r4 "], %[" #c4 "]\n\tmov %[" #r5 "], %[" #c5                 \
  "]\n\t"                                                                \
  "sub 0(%[p]), %[" #c0 "]\n\tsbb 8(%[p]), %[" #c1                       \
  "]\n\t"                                                                \
  "sbb 16(%[p]), %[" #c2 "]\n\tsbb 24(%[p]), %[" #c3                     \
  "]\n\t"                                                                \
  "sbb 32(%[p]), %[" #c4 "]\n\tsbb 40(%[p]), %[" #c5                     \
  "]\n\t"                                                                \
  "cmovnc %[" #c0 "], %[" #r0 "]\n\tcmovnc %[" #c1 "], %[" #r1           \
  "]\n\t"                                                                \
  "cmovnc %[" #c2 "], %[" #r2 "]\n\tcmovnc %[" #c3 "], %[" #r3           \
  "]\n\t"                                                                \
  "cmovnc %[" #c4 "], %[" #r4 "]\n\tcmovnc %[" #c5 "], %[" #r5 "]\n\t"

// a * b / 2^256 mod p for a, b < p < 2^255, P a MontParams<4>. Requires BMI2 and ADX.
// The result goes through a reference rather than a return value: returned, it is stored to a
// temporary and copied with 16-byte loads that cannot forward from the 8-byte stores, a stall
// that cost more than the multiplication's reduction.
template <const auto& P>
inline void mul_to(Limbs<4>& r, const Limbs<4>& a, const Limbs<4>& b) {
  std::uint64_t t0, t1, t2, t3, t4, lo, hi, rdx;
  const std::uint64_t* pa = a.data();
  const std::uint64_t* pb = b.data();
  asm(CUZK_ROW0_4(t0, t1, t2, t3, t4)     //
      CUZK_REDUCE_4(t0, t1, t2, t3, t4)   //
      CUZK_ROW_4(8, t1, t2, t3, t4, t0)   //
      CUZK_REDUCE_4(t1, t2, t3, t4, t0)   //
      CUZK_ROW_4(16, t2, t3, t4, t0, t1)  //
      CUZK_REDUCE_4(t2, t3, t4, t0, t1)   //
      CUZK_ROW_4(24, t3, t4, t0, t1, t2)  //
      CUZK_REDUCE_4(t3, t4, t0, t1, t2)   //
      // The result is t4, t0, t1, t2 (low to high); t3 is free.
      CUZK_FINAL_SUB_4(t4, t0, t1, t2, t3, lo, hi, d)
      : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4),
        [lo] "=&r"(lo), [hi] "=&r"(hi), [d] "=&d"(rdx), [a] "+&r"(pa), [b] "+&r"(pb)
      : [p] "r"(P.modulus.data()), [inv] "m"(P.inv)
      : "cc", "memory");
  r = {t4, t0, t1, t2};
}

// a * b / 2^384 mod p for a, b < p < 2^383, P a MontParams<6>. Requires BMI2 and ADX.
template <const auto& P>
inline void mul_to(Limbs<6>& r, const Limbs<6>& a, const Limbs<6>& b) {
  std::uint64_t t0, t1, t2, t3, t4, t5, t6, lo, hi, rdx;
  const std::uint64_t* pa = a.data();
  const std::uint64_t* pb = b.data();
  asm(CUZK_ROW0_6(t0, t1, t2, t3, t4, t5, t6)     //
      CUZK_REDUCE_6(t0, t1, t2, t3, t4, t5, t6)   //
      CUZK_ROW_6(8, t1, t2, t3, t4, t5, t6, t0)   //
      CUZK_REDUCE_6(t1, t2, t3, t4, t5, t6, t0)   //
      CUZK_ROW_6(16, t2, t3, t4, t5, t6, t0, t1)  //
      CUZK_REDUCE_6(t2, t3, t4, t5, t6, t0, t1)   //
      CUZK_ROW_6(24, t3, t4, t5, t6, t0, t1, t2)  //
      CUZK_REDUCE_6(t3, t4, t5, t6, t0, t1, t2)   //
      CUZK_ROW_6(32, t4, t5, t6, t0, t1, t2, t3)  //
      CUZK_REDUCE_6(t4, t5, t6, t0, t1, t2, t3)   //
      CUZK_ROW_6(40, t5, t6, t0, t1, t2, t3, t4)  //
      CUZK_REDUCE_6(t5, t6, t0, t1, t2, t3, t4)   //
      // The result is t6, t0, t1, t2, t3, t4 (low to high); t5 and the pointers are free.
      CUZK_FINAL_SUB_6(t6, t0, t1, t2, t3, t4, t5, lo, hi, d, a, b)
      : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4),
        [t5] "=&r"(t5), [t6] "=&r"(t6), [lo] "=&r"(lo), [hi] "=&r"(hi), [d] "=&d"(rdx),
        [a] "+&r"(pa), [b] "+&r"(pb)
      : [p] "r"(P.modulus.data()), [inv] "m"(P.inv)
      : "cc", "memory");
  r = {t6, t0, t1, t2, t3, t4};
}

template <const auto& P, std::size_t N>
inline Limbs<N> mul(const Limbs<N>& a, const Limbs<N>& b) {
  Limbs<N> r;
  mul_to<P>(r, a, b);
  return r;
}

// Lazy reduction for 6 limbs: a full 12-limb product, a separate Montgomery reduction, and the
// dedicated squaring built from them. a and b may be any 6-limb values (sums of two reduced
// elements included): the product is exact.
//
// Row i adds a*b[i] into a 7-register window whose lowest limb is then final and is stored; the
// register is cleared and becomes the window's new top, as in the multiplication above.
// The statements that write only memory are volatile: with their register outputs unused, GCC
// would otherwise delete them.
#define CUZK_STORE_CLEAR(i, t) "mov %[" #t "], " #i "(%[out])\n\txor %k[" #t "], %k[" #t "]\n\t"
template <const auto& P>
inline void mul_wide_to(Limbs<12>& out, const Limbs<6>& a, const Limbs<6>& b) {
  std::uint64_t t0, t1, t2, t3, t4, t5, t6, lo, hi, rdx;
  const std::uint64_t* pa = a.data();
  const std::uint64_t* pb = b.data();
  std::uint64_t* po = out.data();
  asm volatile(CUZK_ROW0_6(t0, t1, t2, t3, t4, t5, t6)     //
               CUZK_STORE_CLEAR(0, t0)                     //
               CUZK_ROW_6(8, t1, t2, t3, t4, t5, t6, t0)   //
               CUZK_STORE_CLEAR(8, t1)                     //
               CUZK_ROW_6(16, t2, t3, t4, t5, t6, t0, t1)  //
               CUZK_STORE_CLEAR(16, t2)                    //
               CUZK_ROW_6(24, t3, t4, t5, t6, t0, t1, t2)  //
               CUZK_STORE_CLEAR(24, t3)                    //
               CUZK_ROW_6(32, t4, t5, t6, t0, t1, t2, t3)  //
               CUZK_STORE_CLEAR(32, t4)                    //
               CUZK_ROW_6(40, t5, t6, t0, t1, t2, t3, t4)  //
               "mov %[t5], 40(%[out])\n\tmov %[t6], 48(%[out])\n\tmov %[t0], 56(%[out])\n\t"
               "mov %[t1], 64(%[out])\n\tmov %[t2], 72(%[out])\n\tmov %[t3], 80(%[out])\n\t"
               "mov %[t4], 88(%[out])\n\t"
               : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4),
                 [t5] "=&r"(t5), [t6] "=&r"(t6), [lo] "=&r"(lo), [hi] "=&r"(hi), [d] "=&d"(rdx)
               : [a] "r"(pa), [b] "r"(pb), [out] "r"(po)
               : "cc", "memory");
}

// a^2 as 12 limbs: the 15 products a[i] a[j] (i < j) once, then one pass that doubles them (carry
// flag chain) and adds the 6 squares a[i]^2 (overflow flag chain): 21 MULX instead of 36.
// Row i of the triangle is a[i] * a[i+1..5]; limbs that no later row touches are stored.
// clang-format off
#define CUZK_TRI(off, lo_dst, hi_dst)                 \
  "mulx " #off "(%[a]), %[lo], %[hi]\n\t"             \
  "adox %[lo], %[" #lo_dst "]\n\t"                    \
  "adcx %[hi], %[" #hi_dst "]\n\t"
// Limbs 2i and 2i+1 of 2*triangle + a[i]^2, in registers lo_r and hi_r.
#define CUZK_DIAG(off, lo_r, hi_r)                    \
  "mov " #off "(%[a]), %%rdx\n\tmulx %%rdx, %[lo], %[hi]\n\t" \
  "adcx %[" #lo_r "], %[" #lo_r "]\n\tadcx %[" #hi_r "], %[" #hi_r "]\n\t" \
  "adox %[lo], %[" #lo_r "]\n\tadox %[hi], %[" #hi_r "]\n\t"
// clang-format on
inline void sqr_wide_to(Limbs<12>& out, const Limbs<6>& a) {
  std::uint64_t w0, w1, w2, w3, w4, w5, w6, lo, hi, rdx;
  const std::uint64_t* pa = a.data();
  std::uint64_t* po = out.data();
  // Window positions (limb indices of the 12-limb result) are noted as "pK=reg".
  asm volatile(  // row 0: a0 * a1..a5 -> p1..p6, one carry chain into fresh registers
      "mov 0(%[a]), %%rdx\n\t"
      "mulx 8(%[a]), %[w1], %[w2]\n\t"
      "mulx 16(%[a]), %[lo], %[w3]\n\tadd %[lo], %[w2]\n\t"
      "mulx 24(%[a]), %[lo], %[w4]\n\tadc %[lo], %[w3]\n\t"
      "mulx 32(%[a]), %[lo], %[w5]\n\tadc %[lo], %[w4]\n\t"
      "mulx 40(%[a]), %[lo], %[w6]\n\tadc %[lo], %[w5]\n\tadc $0, %[w6]\n\t"
      "mov %[w1], 8(%[out])\n\t"
      // row 1: a1 * a2..a5 -> p3..p7 (p7=w0)
      "mov 8(%[a]), %%rdx\n\txor %k[w0], %k[w0]\n\t"
      CUZK_TRI(16, w3, w4) CUZK_TRI(24, w4, w5) CUZK_TRI(32, w5, w6) CUZK_TRI(40, w6, w0)
      "mov $0, %k[lo]\n\tadox %[lo], %[w0]\n\t"
      "mov %[w2], 16(%[out])\n\tmov %[w3], 24(%[out])\n\t"
      // row 2: a2 * a3..a5 -> p5..p8 (p8=w1)
      "mov 16(%[a]), %%rdx\n\txor %k[w1], %k[w1]\n\t"
      CUZK_TRI(24, w5, w6) CUZK_TRI(32, w6, w0) CUZK_TRI(40, w0, w1)
      "mov $0, %k[lo]\n\tadox %[lo], %[w1]\n\t"
      "mov %[w4], 32(%[out])\n\tmov %[w5], 40(%[out])\n\t"
      // row 3: a3 * a4..a5 -> p7..p9 (p9=w2)
      "mov 24(%[a]), %%rdx\n\txor %k[w2], %k[w2]\n\t"
      CUZK_TRI(32, w0, w1) CUZK_TRI(40, w1, w2)
      "mov $0, %k[lo]\n\tadox %[lo], %[w2]\n\t"
      // row 4: a4 * a5 -> p9..p10 (p10=w3); now p6=w6, p7=w0, p8=w1, p9=w2, p10=w3
      "mov 32(%[a]), %%rdx\n\t"
      "mulx 40(%[a]), %[lo], %[w3]\n\tadd %[lo], %[w2]\n\tadc $0, %[w3]\n\t"
      // doubling and squares, pairs (p0, p1) .. (p10, p11); p0 = p11 = 0
      "xor %k[w4], %k[w4]\n\tmov 8(%[out]), %[w5]\n\t"
      CUZK_DIAG(0, w4, w5)
      "mov %[w4], 0(%[out])\n\tmov %[w5], 8(%[out])\n\t"
      "mov 16(%[out]), %[w4]\n\tmov 24(%[out]), %[w5]\n\t"
      CUZK_DIAG(8, w4, w5)
      "mov %[w4], 16(%[out])\n\tmov %[w5], 24(%[out])\n\t"
      "mov 32(%[out]), %[w4]\n\tmov 40(%[out]), %[w5]\n\t"
      CUZK_DIAG(16, w4, w5)
      "mov %[w4], 32(%[out])\n\tmov %[w5], 40(%[out])\n\t"
      CUZK_DIAG(24, w6, w0)
      "mov %[w6], 48(%[out])\n\tmov %[w0], 56(%[out])\n\t"
      CUZK_DIAG(32, w1, w2)
      "mov %[w1], 64(%[out])\n\tmov %[w2], 72(%[out])\n\t"
      "mov $0, %k[w4]\n\t"
      CUZK_DIAG(40, w3, w4)
      "mov %[w3], 80(%[out])\n\tmov %[w4], 88(%[out])\n\t"
      : [w0] "=&r"(w0), [w1] "=&r"(w1), [w2] "=&r"(w2), [w3] "=&r"(w3), [w4] "=&r"(w4),
        [w5] "=&r"(w5), [w6] "=&r"(w6), [lo] "=&r"(lo), [hi] "=&r"(hi), [d] "=&d"(rdx)
      : [a] "r"(pa), [out] "r"(po)
      : "cc", "memory");
}

// t / 2^384 mod p for t < p 2^384 (Montgomery reduction). The low half alone is reduced first,
// six rows that each clear the window's lowest limb: (t_lo + m p) / 2^384 <= p. Adding the high
// half (< p) gives less than 2p, and one conditional subtraction finishes.
template <const auto& P>
inline void reduce_wide_to(Limbs<6>& r, const Limbs<12>& t) {
  std::uint64_t t0, t1, t2, t3, t4, t5, t6, lo, hi, rdx, c;
  const std::uint64_t* pt = t.data();
  asm("mov 0(%[in]), %[t0]\n\tmov 8(%[in]), %[t1]\n\tmov 16(%[in]), %[t2]\n\t"
      "mov 24(%[in]), %[t3]\n\tmov 32(%[in]), %[t4]\n\tmov 40(%[in]), %[t5]\n\t"
      "xor %k[t6], %k[t6]\n\t"                   //
      CUZK_REDUCE_6(t0, t1, t2, t3, t4, t5, t6)  //
      CUZK_REDUCE_6(t1, t2, t3, t4, t5, t6, t0)  //
      CUZK_REDUCE_6(t2, t3, t4, t5, t6, t0, t1)  //
      CUZK_REDUCE_6(t3, t4, t5, t6, t0, t1, t2)  //
      CUZK_REDUCE_6(t4, t5, t6, t0, t1, t2, t3)  //
      CUZK_REDUCE_6(t5, t6, t0, t1, t2, t3, t4)  //
      // The low half's reduction is t6, t0, t1, t2, t3, t4; t5 is free.
      "add 48(%[in]), %[t6]\n\tadc 56(%[in]), %[t0]\n\tadc 64(%[in]), %[t1]\n\t"
      "adc 72(%[in]), %[t2]\n\tadc 80(%[in]), %[t3]\n\tadc 88(%[in]), %[t4]\n\t" CUZK_FINAL_SUB_6(
          t6, t0, t1, t2, t3, t4, t5, lo, hi, d, in, c)
      : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4),
        [t5] "=&r"(t5), [t6] "=&r"(t6), [lo] "=&r"(lo), [hi] "=&r"(hi), [d] "=&d"(rdx),
        [c] "=&r"(c), [in] "+&r"(pt)
      : [p] "r"(P.modulus.data()), [inv] "m"(P.inv)
      : "cc", "memory");
  r = {t6, t0, t1, t2, t3, t4};
}

// a^2 / 2^384 mod p: the dedicated squaring (21 + 36 MULX against the multiplication's 72).
template <const auto& P>
inline void sqr_to(Limbs<6>& r, const Limbs<6>& a) {
  Limbs<12> wide;
  sqr_wide_to(wide, a);
  reduce_wide_to<P>(r, wide);
}

// (a + b) mod p for a, b < p < 2^(64N-1). Only base x86-64 instructions: no CPU check needed.
// Written in asm because GCC routes add-with-carry intrinsics through the stack and turns the
// final select into vector code; here it is add/adc, sub/sbb and cmov.
#define CUZK_LOAD_ADD_4(r0, r1, r2, r3)              \
  "mov 0(%[a]), %[" #r0 "]\n\tmov 8(%[a]), %[" #r1   \
  "]\n\t"                                            \
  "mov 16(%[a]), %[" #r2 "]\n\tmov 24(%[a]), %[" #r3 \
  "]\n\t"                                            \
  "add 0(%[b]), %[" #r0 "]\n\tadc 8(%[b]), %[" #r1   \
  "]\n\t"                                            \
  "adc 16(%[b]), %[" #r2 "]\n\tadc 24(%[b]), %[" #r3 "]\n\t"
#define CUZK_LOAD_ADD_6(r0, r1, r2, r3, r4, r5)      \
  CUZK_LOAD_ADD_4(r0, r1, r2, r3)                    \
  "mov 32(%[a]), %[" #r4 "]\n\tmov 40(%[a]), %[" #r5 \
  "]\n\t"                                            \
  "adc 32(%[b]), %[" #r4 "]\n\tadc 40(%[b]), %[" #r5 "]\n\t"

template <const auto& P>
inline Limbs<4> add(const Limbs<4>& a, const Limbs<4>& b) {
  std::uint64_t r0, r1, r2, r3, c0, c1;
  const std::uint64_t* pa = a.data();
  const std::uint64_t* pb = b.data();
  asm(CUZK_LOAD_ADD_4(r0, r1, r2, r3)  //
      CUZK_FINAL_SUB_4(r0, r1, r2, r3, c0, c1, a, b)
      : [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3), [c0] "=&r"(c0),
        [c1] "=&r"(c1), [a] "+&r"(pa), [b] "+&r"(pb)
      : [p] "r"(P.modulus.data())
      : "cc", "memory");
  return {r0, r1, r2, r3};
}

template <const auto& P>
inline Limbs<6> add(const Limbs<6>& a, const Limbs<6>& b) {
  std::uint64_t r0, r1, r2, r3, r4, r5, c0, c1, c2, c3;
  const std::uint64_t* pa = a.data();
  const std::uint64_t* pb = b.data();
  asm(CUZK_LOAD_ADD_6(r0, r1, r2, r3, r4, r5)  //
      CUZK_FINAL_SUB_6(r0, r1, r2, r3, r4, r5, c0, c1, c2, c3, a, b)
      : [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3), [r4] "=&r"(r4),
        [r5] "=&r"(r5), [c0] "=&r"(c0), [c1] "=&r"(c1), [c2] "=&r"(c2), [c3] "=&r"(c3),
        [a] "+&r"(pa), [b] "+&r"(pb)
      : [p] "r"(P.modulus.data())
      : "cc", "memory");
  return {r0, r1, r2, r3, r4, r5};
}

// (a - b) mod p for a, b < p: p is added back when a < b. The addend is p or 0, chosen by cmov
// on the borrow, because masking with `and` would clear the carry flag between the adc steps.
#define CUZK_LOAD_SUB_4(r0, r1, r2, r3)              \
  "mov 0(%[a]), %[" #r0 "]\n\tmov 8(%[a]), %[" #r1   \
  "]\n\t"                                            \
  "mov 16(%[a]), %[" #r2 "]\n\tmov 24(%[a]), %[" #r3 \
  "]\n\t"                                            \
  "sub 0(%[b]), %[" #r0 "]\n\tsbb 8(%[b]), %[" #r1   \
  "]\n\t"                                            \
  "sbb 16(%[b]), %[" #r2 "]\n\tsbb 24(%[b]), %[" #r3 "]\n\t"
#define CUZK_LOAD_SUB_6(r0, r1, r2, r3, r4, r5)      \
  CUZK_LOAD_SUB_4(r0, r1, r2, r3)                    \
  "mov 32(%[a]), %[" #r4 "]\n\tmov 40(%[a]), %[" #r5 \
  "]\n\t"                                            \
  "sbb 32(%[b]), %[" #r4 "]\n\tsbb 40(%[b]), %[" #r5 "]\n\t"
// t = borrow ? p limb : 0, without touching the flags.
#define CUZK_SELECT_P(off, t) "mov $0, %[" #t "]\n\tcmovc " #off "(%[p]), %[" #t "]\n\t"

template <const auto& P>
inline Limbs<4> sub(const Limbs<4>& a, const Limbs<4>& b) {
  std::uint64_t r0, r1, r2, r3, t0, t1;
  const std::uint64_t* pa = a.data();
  const std::uint64_t* pb = b.data();
  asm(CUZK_LOAD_SUB_4(r0, r1, r2, r3)             //
      CUZK_SELECT_P(0, t0) CUZK_SELECT_P(8, t1)   //
      CUZK_SELECT_P(16, a) CUZK_SELECT_P(24, b)   //
      "add %[t0], %[r0]\n\tadc %[t1], %[r1]\n\t"  //
      "adc %[a], %[r2]\n\tadc %[b], %[r3]\n\t"
      : [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3), [t0] "=&r"(t0),
        [t1] "=&r"(t1), [a] "+&r"(pa), [b] "+&r"(pb)
      : [p] "r"(P.modulus.data())
      : "cc", "memory");
  return {r0, r1, r2, r3};
}

template <const auto& P>
inline Limbs<6> sub(const Limbs<6>& a, const Limbs<6>& b) {
  std::uint64_t r0, r1, r2, r3, r4, r5, t0, t1, t2, t3;
  const std::uint64_t* pa = a.data();
  const std::uint64_t* pb = b.data();
  asm(CUZK_LOAD_SUB_6(r0, r1, r2, r3, r4, r5)                          //
      CUZK_SELECT_P(0, t0) CUZK_SELECT_P(8, t1) CUZK_SELECT_P(16, t2)  //
      CUZK_SELECT_P(24, t3) CUZK_SELECT_P(32, a) CUZK_SELECT_P(40, b)  //
      "add %[t0], %[r0]\n\tadc %[t1], %[r1]\n\tadc %[t2], %[r2]\n\t"   //
      "adc %[t3], %[r3]\n\tadc %[a], %[r4]\n\tadc %[b], %[r5]\n\t"
      : [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3), [r4] "=&r"(r4),
        [r5] "=&r"(r5), [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3),
        [a] "+&r"(pa), [b] "+&r"(pb)
      : [p] "r"(P.modulus.data())
      : "cc", "memory");
  return {r0, r1, r2, r3, r4, r5};
}

// t - u mod p 2^384 for t, u < p 2^384: the 12-limb difference, plus p in the high half when it
// borrows. r may alias t or u (each limb is read before it is written).
template <const auto& P>
inline void sub_wide_to(Limbs<12>& r, const Limbs<12>& t, const Limbs<12>& u) {
  std::uint64_t x, t0, t1, t2, t3, t4, t5;
  const std::uint64_t* pt = t.data();
  const std::uint64_t* pu = u.data();
  std::uint64_t* pr = r.data();
#define CUZK_SBB_LIMB(op, off) \
  "mov " #off "(%[a]), %[x]\n\t" #op " " #off "(%[b]), %[x]\n\tmov %[x], " #off "(%[r])\n\t"
  asm volatile(CUZK_SBB_LIMB(sub, 0) CUZK_SBB_LIMB(sbb, 8) CUZK_SBB_LIMB(sbb, 16)       //
               CUZK_SBB_LIMB(sbb, 24) CUZK_SBB_LIMB(sbb, 32) CUZK_SBB_LIMB(sbb, 40)     //
               CUZK_SBB_LIMB(sbb, 48) CUZK_SBB_LIMB(sbb, 56) CUZK_SBB_LIMB(sbb, 64)     //
               CUZK_SBB_LIMB(sbb, 72) CUZK_SBB_LIMB(sbb, 80) CUZK_SBB_LIMB(sbb, 88)     //
               CUZK_SELECT_P(0, t0) CUZK_SELECT_P(8, t1) CUZK_SELECT_P(16, t2)          //
               CUZK_SELECT_P(24, t3) CUZK_SELECT_P(32, t4) CUZK_SELECT_P(40, t5)        //
               "add %[t0], 48(%[r])\n\tadc %[t1], 56(%[r])\n\tadc %[t2], 64(%[r])\n\t"  //
               "adc %[t3], 72(%[r])\n\tadc %[t4], 80(%[r])\n\tadc %[t5], 88(%[r])\n\t"
               : [x] "=&r"(x), [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3),
                 [t4] "=&r"(t4), [t5] "=&r"(t5)
               : [a] "r"(pt), [b] "r"(pu), [r] "r"(pr), [p] "r"(P.modulus.data())
               : "cc", "memory");
#undef CUZK_SBB_LIMB
}

// a + b with no reduction, for a, b < 2^383: an operand of mul_wide or of a lazy multiplication.
inline Limbs<6> add_unreduced(const Limbs<6>& a, const Limbs<6>& b) {
  std::uint64_t r0, r1, r2, r3, r4, r5;
  asm(CUZK_LOAD_ADD_6(r0, r1, r2, r3, r4, r5)
      :
      [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3), [r4] "=&r"(r4), [r5] "=&r"(r5)
      : [a] "r"(a.data()), [b] "r"(b.data())
      : "cc", "memory");
  return {r0, r1, r2, r3, r4, r5};
}

#undef CUZK_STORE_CLEAR
#undef CUZK_TRI
#undef CUZK_DIAG
#undef CUZK_MAC
#undef CUZK_MAC_END
#undef CUZK_REDUCE_START
#undef CUZK_ROW_START
#undef CUZK_ROW0_4
#undef CUZK_REDUCE_4
#undef CUZK_ROW_4
#undef CUZK_ROW0_6
#undef CUZK_REDUCE_6
#undef CUZK_ROW_6
#undef CUZK_FINAL_SUB_4
#undef CUZK_FINAL_SUB_6
#undef CUZK_LOAD_ADD_4
#undef CUZK_LOAD_ADD_6
#undef CUZK_SELECT_P
#undef CUZK_LOAD_SUB_4
#undef CUZK_LOAD_SUB_6

#endif  // CUZK_MONT_X86_64

}  // namespace cuzk::bls12_381::mont_x86_64
