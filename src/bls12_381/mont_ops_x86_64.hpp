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
template <const auto& P>
inline Limbs<4> mul(const Limbs<4>& a, const Limbs<4>& b) {
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
  return {t4, t0, t1, t2};
}

// a * b / 2^384 mod p for a, b < p < 2^383, P a MontParams<6>. Requires BMI2 and ADX.
template <const auto& P>
inline Limbs<6> mul(const Limbs<6>& a, const Limbs<6>& b) {
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
  return {t6, t0, t1, t2, t3, t4};
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
