// One pass of the NTT: a batch of independent transforms of 2^kLog elements (3 <= kLog <= 9),
// each finished inside one thread block (internal to the kernels folder).
//
// Why this shape: a transform of 2^27 is three passes of 2^9-point transforms (the four-step
// method applied twice), so the data crosses device memory three times, and each pass is
// Montgomery multiplications, not memory traffic. Inside a pass every thread holds eight
// elements in registers and runs up to three radix-2 stages on them at once (an 8-point DFT,
// five multiplications by compile-time roots), so elements go through shared memory only
// between those rounds: twice for 2^9 points instead of nine times, with one barrier pair each.
//
// A block holds kTransforms transforms that are neighbours in memory (their elements interleave:
// element j of transform t sits at base + j*stride + t), so every global load and store is a run
// of kTransforms consecutive elements (128 bytes for 2^9 points) and needs no transposition.
//
// Per-element factors: each transform's 2^kLog-point DFT is split once more, six-step style,
// into rounds (radix 8, 4 or 2); between rounds the elements take twiddles from a 512-entry
// table of 512th roots. Between passes the four-step twiddles come from a table of roots
// (pass p, output k, next input digit j: root^(j*k)), and what is constant per transform
// (the part of the twiddle that no table covers, 1/n, coset powers) from a table of per-transform
// constants. Coset powers that vary along the transform come in as a vector (times a
// per-block constant) staged in shared memory.
//
// The inverse transform runs the same code with the forward 8-point DFT: its output k is the
// inverse output (R - k) mod R, so only the index arithmetic changes.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "bls12_381/fields.hpp"
#include "kernels/field/field.cuh"
#include "kernels/ntt/ntt_plan.cuh"

namespace cuzk::kernels::detail {

// Radix-2^radix_log(i) rounds that make up a 2^kLog-point transform, largest first.
template <int kLog>
struct PassShape {
  static_assert(kLog >= kNttMinPassLog && kLog <= kNttMaxPassLog);
  static constexpr unsigned kSize = 1u << kLog;
  static constexpr unsigned kThreadsPerTransform = kSize / 8;
  static constexpr unsigned kTransforms = kNttBlockElements / kSize;
  static constexpr int kRounds = (kLog + 2) / 3;
  static constexpr int radix_log(int i) { return kLog / kRounds + (i < kLog % kRounds ? 1 : 0); }
  // Bit offset of round i's digit in an element's position (later rounds' digits are lower).
  static constexpr int digit_shift(int i) {
    int s = 0;
    for (int r = i + 1; r < kRounds; ++r) s += radix_log(r);
    return s;
  }
  // log2 of the product of the radices before round i.
  static constexpr int radices_before_log(int i) {
    int s = 0;
    for (int r = 0; r < i; ++r) s += radix_log(r);
    return s;
  }
};

// Position with the r-bit digit c inserted at bit b of o.
__device__ __forceinline__ unsigned insert_digit(unsigned o, unsigned c, int b, int r) {
  return (o & ((1u << b) - 1)) | (c << b) | ((o >> b) << (b + r));
}

// Shared-memory slot of block element a (= position * kTransforms + t). Lanes of a quarter-warp
// touch element addresses a that differ by a power-of-two stride; folding bits 3..11 into bits
// 0..2 gives them eight different 16-byte bank groups for every stride a round uses.
__device__ __forceinline__ unsigned swizzle(unsigned a) {
  return a ^ (((a >> 3) ^ (a >> 6) ^ (a >> 9)) & 7u);
}

// Elements move as two 16-byte halves (the widest load and store there is).
__device__ __forceinline__ DeviceFr from_halves(const uint4& lo, const uint4& hi) {
  DeviceFr x;
  x.w[0] = lo.x, x.w[1] = lo.y, x.w[2] = lo.z, x.w[3] = lo.w;
  x.w[4] = hi.x, x.w[5] = hi.y, x.w[6] = hi.z, x.w[7] = hi.w;
  return x;
}

// Data read once per pass: evict-first, so that the tables keep their place in L2.
__device__ __forceinline__ DeviceFr load_streaming(const DeviceFr* p) {
  const uint4* q = reinterpret_cast<const uint4*>(p);
  return from_halves(__ldcs(q), __ldcs(q + 1));
}

__device__ __forceinline__ void store_streaming(DeviceFr* p, const DeviceFr& x) {
  uint4* q = reinterpret_cast<uint4*>(p);
  __stcs(q, make_uint4(x.w[0], x.w[1], x.w[2], x.w[3]));
  __stcs(q + 1, make_uint4(x.w[4], x.w[5], x.w[6], x.w[7]));
}

__device__ __forceinline__ DeviceFr load_table(const DeviceFr* p) {
  const uint4* q = reinterpret_cast<const uint4*>(p);
  return from_halves(__ldg(q), __ldg(q + 1));
}

// Forward roots of unity of order 8 and 4 (bellperson's ROOT_OF_UNITY^(2^29), ^(2^30)), as
// immediates in the multiplications that use them.
inline constexpr bls12_381::Limbs<4> kOmega8 =
    bls12_381::Fr::two_adic_root_of_unity().pow(std::uint64_t{1} << 29).montgomery_limbs();
inline constexpr bls12_381::Limbs<4> kOmega4 =
    bls12_381::Fr::two_adic_root_of_unity().pow(std::uint64_t{1} << 30).montgomery_limbs();
inline constexpr bls12_381::Limbs<4> kOmega8Cubed =
    bls12_381::Fr::two_adic_root_of_unity().pow(std::uint64_t{3} << 29).montgomery_limbs();

template <const bls12_381::Limbs<4>& kRoot>
__device__ __forceinline__ DeviceFr times_root(const DeviceFr& x) {
  constexpr Words<8> kWords = split_words<4>(kRoot);
  return x * DeviceFr::from_words(kWords);
}

// In-place DFTs of size 2^kRadixLog on consecutive groups of v, natural order in and out:
// X[k] = sum_m v[m] omega^(m k) with the forward root. Decimation in frequency, then the
// bit-reversed outputs are renamed (no data moves after unrolling).
template <int kRadixLog>
__device__ __forceinline__ void dft_in_registers(DeviceFr (&v)[8]) {
  if constexpr (kRadixLog == 3) {
    DeviceFr d;
    d = v[0] - v[4], v[0] = v[0] + v[4], v[4] = d;
    d = v[1] - v[5], v[1] = v[1] + v[5], v[5] = times_root<kOmega8>(d);
    d = v[2] - v[6], v[2] = v[2] + v[6], v[6] = times_root<kOmega4>(d);
    d = v[3] - v[7], v[3] = v[3] + v[7], v[7] = times_root<kOmega8Cubed>(d);
#pragma unroll
    for (int h = 0; h < 8; h += 4) {
      d = v[h] - v[h + 2], v[h] = v[h] + v[h + 2], v[h + 2] = d;
      d = v[h + 1] - v[h + 3], v[h + 1] = v[h + 1] + v[h + 3], v[h + 3] = times_root<kOmega4>(d);
    }
#pragma unroll
    for (int p = 0; p < 8; p += 2) {
      d = v[p] - v[p + 1], v[p] = v[p] + v[p + 1], v[p + 1] = d;
    }
    // v[i] holds X[bitrev3(i)].
    d = v[1], v[1] = v[4], v[4] = d;
    d = v[3], v[3] = v[6], v[6] = d;
  } else if constexpr (kRadixLog == 2) {
#pragma unroll
    for (int h = 0; h < 8; h += 4) {
      DeviceFr d;
      d = v[h] - v[h + 2], v[h] = v[h] + v[h + 2], v[h + 2] = d;
      d = v[h + 1] - v[h + 3], v[h + 1] = v[h + 1] + v[h + 3], v[h + 3] = times_root<kOmega4>(d);
      d = v[h] - v[h + 1], v[h] = v[h] + v[h + 1], v[h + 1] = d;
      d = v[h + 2] - v[h + 3], v[h + 2] = v[h + 2] + v[h + 3], v[h + 3] = d;
      d = v[h + 1], v[h + 1] = v[h + 2], v[h + 2] = d;
    }
  } else {
    static_assert(kRadixLog == 1);
#pragma unroll
    for (int p = 0; p < 8; p += 2) {
      const DeviceFr d = v[p] - v[p + 1];
      v[p] = v[p] + v[p + 1], v[p + 1] = d;
    }
  }
}

// Where the transforms of this block live, for the thread's transform t.
struct TransformPlace {
  std::uint32_t base_in, base_out;  // element indices of position 0 / output 0
  int log_stride_in, log_stride_out;
  std::uint32_t constant_index, block_constant_index, next_digit;
  bool active;  // false for padding lanes when fewer transforms than kTransforms exist
};

template <unsigned kTransforms, unsigned kSize>
__device__ __forceinline__ TransformPlace place_transform(const NttPassArgs& a, unsigned t,
                                                          unsigned b) {
  TransformPlace p;
  if (!a.rows) {
    const std::uint32_t inner0 = (b & ((1u << a.log_blocks_per_outer) - 1)) * kTransforms;
    const std::uint32_t outer = b >> a.log_blocks_per_outer;
    const std::uint32_t inner = inner0 + t;
    p.active = inner < (1u << a.log_stride);
    p.base_in = p.base_out = ((outer * kSize) << a.log_stride) + inner;
    p.log_stride_in = p.log_stride_out = a.log_stride;
    p.constant_index = (outer << a.log_stride) + inner;
    p.block_constant_index = inner0 >> a.bc_shift;
    p.next_digit = inner >> a.tw_shift;
  } else {
    const std::uint32_t k2 = b & ((1u << a.log_r2) - 1);
    const std::uint32_t k1 = (b >> a.log_r2) * kTransforms + t;
    p.active = k1 < (1u << a.log_n1);
    const std::uint32_t row = (k1 << a.log_r2) + k2;
    p.base_in = row * kSize;
    p.log_stride_in = 0;
    p.base_out = k1 + (k2 << a.log_n1);
    p.log_stride_out = a.log_n1 + a.log_r2;
    p.constant_index = row;
    p.block_constant_index = k2;
    p.next_digit = 0;
  }
  return p;
}

// Output index of the element at `position` after all rounds: round i's digit has weight
// 2^digit_shift(i) in the position and 2^radices_before_log(i) in the output.
template <int kLog>
__device__ __forceinline__ unsigned output_index(unsigned position) {
  using S = PassShape<kLog>;
  unsigned k = 0;
#pragma unroll
  for (int i = 0; i < S::kRounds; ++i) {
    const unsigned digit = (position >> S::digit_shift(i)) & ((1u << S::radix_log(i)) - 1);
    k |= digit << S::radices_before_log(i);
  }
  return k;
}

// Round i's digit value for the DFT output in group slot c (see the header comment on inverse).
template <int kRadixLog>
__device__ __forceinline__ unsigned output_digit(unsigned c, bool inverse) {
  constexpr unsigned kRadix = 1u << kRadixLog;
  return inverse ? (kRadix - c) & (kRadix - 1) : c;
}

// Round i of a pass: DFTs on the registers, then (unless last) twiddles and the exchange
// through shared memory into round i+1's element sets.
template <int kLog, int kRound>
__device__ __forceinline__ void run_rounds(DeviceFr (&v)[8], uint4* lo, uint4* hi, unsigned t,
                                           unsigned u, const NttPassArgs& a) {
  using S = PassShape<kLog>;
  constexpr int kR = S::radix_log(kRound);
  constexpr unsigned kRadix = 1u << kR;
  constexpr int kShift = S::digit_shift(kRound);
  dft_in_registers<kR>(v);
  if constexpr (kRound + 1 < S::kRounds) {
    // Twiddle omega_{L_i}^(k * (o mod 2^kShift)) with L_i = 2^(kShift + kR) =
    // omega_512^(k * (o mod 2^kShift) * 2^(radices before) * 512 / L).
    constexpr int kTableShift = S::radices_before_log(kRound) + kNttInnerTableLog - kLog;
#pragma unroll
    for (int m = 0; m < 8; ++m) {
      const unsigned g = m / kRadix, c = m % kRadix;
      if (c == 0) continue;
      const unsigned o = u + S::kThreadsPerTransform * g;
      const unsigned e = (output_digit<kR>(c, a.inverse) * (o & ((1u << kShift) - 1)))
                         << kTableShift;
      v[m] = v[m] * load_table(a.inner_twiddles + e);
    }
#pragma unroll
    for (int m = 0; m < 8; ++m) {
      const unsigned g = m / kRadix, c = m % kRadix;
      const unsigned o = u + S::kThreadsPerTransform * g;
      const unsigned slot =
          swizzle(insert_digit(o, output_digit<kR>(c, a.inverse), kShift, kR) * S::kTransforms + t);
      lo[slot] = make_uint4(v[m].w[0], v[m].w[1], v[m].w[2], v[m].w[3]);
      hi[slot] = make_uint4(v[m].w[4], v[m].w[5], v[m].w[6], v[m].w[7]);
    }
    __syncthreads();
    constexpr int kNextR = S::radix_log(kRound + 1);
    constexpr unsigned kNextRadix = 1u << kNextR;
    constexpr int kNextShift = S::digit_shift(kRound + 1);
#pragma unroll
    for (int m = 0; m < 8; ++m) {
      const unsigned g = m / kNextRadix, c = m % kNextRadix;
      const unsigned o = u + S::kThreadsPerTransform * g;
      const unsigned slot = swizzle(insert_digit(o, c, kNextShift, kNextR) * S::kTransforms + t);
      v[m] = from_halves(lo[slot], hi[slot]);
    }
    if constexpr (kRound + 2 < S::kRounds) __syncthreads();  // before the next round's writes
    run_rounds<kLog, kRound + 1>(v, lo, hi, t, u, a);
  }
}

template <int kLog>
__global__ void __launch_bounds__(kNttThreads, kNttMinBlocksPerSm)
    ntt_pass_kernel(const NttPassArgs a) {
  using S = PassShape<kLog>;
  extern __shared__ uint4 ntt_shared[];
  uint4* lo = ntt_shared;
  uint4* hi = ntt_shared + kNttBlockElements;
  DeviceFr* vector = reinterpret_cast<DeviceFr*>(ntt_shared + 2 * kNttBlockElements);

  const unsigned t = threadIdx.x % S::kTransforms, u = threadIdx.x / S::kTransforms;
  const TransformPlace place = place_transform<S::kTransforms, S::kSize>(a, t, blockIdx.x);

  if (a.vector != nullptr) {
    const bool scaled = a.block_constants != nullptr;
    const DeviceFr c =
        scaled ? load_table(a.block_constants + place.block_constant_index) : DeviceFr::zero();
    for (unsigned j = threadIdx.x; j < S::kSize; j += blockDim.x) {
      const DeviceFr x = load_table(a.vector + j);
      vector[j] = scaled ? x * c : x;
    }
    __syncthreads();
  }

  DeviceFr v[8];
  constexpr int kR0 = S::radix_log(0);
  constexpr unsigned kRadix0 = 1u << kR0;
  constexpr int kShift0 = S::digit_shift(0);
#pragma unroll
  for (int m = 0; m < 8; ++m) {
    const unsigned g = m / kRadix0, c = m % kRadix0;
    const unsigned position = insert_digit(u + S::kThreadsPerTransform * g, c, kShift0, kR0);
    v[m] = place.active ? load_streaming(a.in + place.base_in + (position << place.log_stride_in))
                        : DeviceFr::zero();
  }
  if (a.vector != nullptr && a.vector_is_pre) {
#pragma unroll
    for (int m = 0; m < 8; ++m) {
      const unsigned g = m / kRadix0, c = m % kRadix0;
      const unsigned position = insert_digit(u + S::kThreadsPerTransform * g, c, kShift0, kR0);
      v[m] = v[m] * vector[position];
    }
  }

  run_rounds<kLog, 0>(v, lo, hi, t, u, a);

  if (!place.active) return;
  constexpr int kLast = S::kRounds - 1;
  constexpr int kRL = S::radix_log(kLast);
  constexpr unsigned kRadixL = 1u << kRL;
  const bool has_constant = a.transform_constants != nullptr;
  const DeviceFr constant =
      has_constant ? load_table(a.transform_constants + place.constant_index) : DeviceFr::zero();
  const bool post_vector = a.vector != nullptr && !a.vector_is_pre;
  // Each factor kind present multiplies all eight elements in one loop turn: one
  // multiplication site per element instead of one per element and kind keeps the kernel's
  // code (already far larger than the instruction cache) smaller; measured 3 % faster.
#pragma unroll 1
  for (int f = 0; f < 3; ++f) {
    if (!(f == 0 ? a.twiddles != nullptr : f == 1 ? has_constant : post_vector)) continue;
#pragma unroll
    for (int m = 0; m < 8; ++m) {
      const unsigned g = m / kRadixL, c = m % kRadixL;
      const unsigned o = u + S::kThreadsPerTransform * g;
      const unsigned k =
          output_index<kLog>(insert_digit(o, output_digit<kRL>(c, a.inverse), 0, kRL));
      const DeviceFr factor =
          f == 0   ? load_table(a.twiddles + ((place.next_digit * k) << a.tw_scale_log))
          : f == 1 ? constant
                   : vector[k];
      v[m] = v[m] * factor;
    }
  }
#pragma unroll
  for (int m = 0; m < 8; ++m) {
    const unsigned g = m / kRadixL, c = m % kRadixL;
    const unsigned o = u + S::kThreadsPerTransform * g;
    const unsigned k = output_index<kLog>(insert_digit(o, output_digit<kRL>(c, a.inverse), 0, kRL));
    store_streaming(a.out + place.base_out + (k << place.log_stride_out), v[m]);
  }
}

// Transforms of fewer than 8 elements (n = 1, 2, 4), one thread per output, O(n^2):
// out[k] = post[k] * sum_j pre[j] * in[j] * omega_512^((j k mod n) * 512 / n).
__global__ void ntt_tiny_kernel(const DeviceFr* in, DeviceFr* out, int log_n,
                                const DeviceFr* inner_twiddles, const DeviceFr* pre,
                                const DeviceFr* post);

}  // namespace cuzk::kernels::detail
