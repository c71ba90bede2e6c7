// Multi-scalar multiplication sum_i scalar_i * base_i by Pippenger's bucket method with signed
// windows, written once for any group that has a CurveOps specialisation (G1 and G2 in
// prover/msm_cpu.hpp); the bucket accumulators are in prover/msm_buckets.hpp. Variable time: the
// witness is not hidden from the machine proving it.
//
// Semantics follow bellperson's multiexp:
//   * scalars are canonical integers (not Montgomery form), one per variable;
//   * with a density bitmap, only variables whose bit is set take part, and the bases span holds
//     exactly one point per set bit, in order; without one, bases and scalars pair one to one;
//   * scalar 0 is skipped and scalar 1 adds its base directly (most of a SHA-256 witness is bits).
//
// Parallel with OpenMP over (window, chunk of points) tasks, each with its own buckets.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <omp.h>

#include "bls12_381/bigint.hpp"
#include "prover/density.hpp"
#include "util/error.hpp"
#include "util/work_meter.hpp"

namespace cuzk::prover {

using ScalarLimbs = bls12_381::Limbs<4>;  // a canonical Fr value, little-endian limbs

// Costs in units of one Jacobian mixed addition (G1, one thread, dev: madd 0.53 us, full
// addition 1.39 us, a batch-affine addition with its share of the inversion 0.35 us). Summing a
// bucket takes one addition of it and one full addition. They choose the windows (plan_windows).
inline constexpr double kJacobianAddCost = 1.0;
inline constexpr double kJacobianBucketSumCost = 5.2;
inline constexpr double kBatchAddCost = 0.65;
inline constexpr double kBatchBucketSumCost = 3.6;
// Windows with at least this many buckets may use CurveOps::BatchBuckets: below it the batches
// would be too small, or conflict too often, to repay their shared inversion.
inline constexpr std::size_t kBatchMinBuckets = 4096;

// Specialised per affine point type; provides Affine, Projective, identity(), add(P&, const P&),
// add_affine(P&, const A&), negated(const A&), doubled(const P&), and two bucket accumulators
// (prover/msm_buckets.hpp): Buckets, and BatchBuckets for windows of kBatchMinBuckets or more.
template <class Affine>
struct CurveOps;

namespace detail {

// Canonical scalars are below r < 2^255; one more bit absorbs the carry of the signed recoding.
constexpr std::uint32_t kRecodedBits = 256;
constexpr std::uint32_t kMaxWindowBits = 16;

inline bool is_zero_or_one(const ScalarLimbs& s) { return (s[1] | s[2] | s[3]) == 0 && s[0] <= 1; }
inline bool is_one(const ScalarLimbs& s) { return (s[1] | s[2] | s[3]) == 0 && s[0] == 1; }

// The window width c and bucket kind for n non-trivial scalars, from the costs above: each
// window costs n bucket additions plus 2^(c-1) buckets to sum. Scalars have 255 bits; when c
// divides 255 the signed recoding's carry spills into an extra window that about half of the
// scalars reach, so such widths count half a window more.
struct WindowPlan {
  std::uint32_t bits = 3;
  bool batch = false;  // CurveOps::BatchBuckets, else CurveOps::Buckets
};

inline WindowPlan plan_windows(std::size_t n) {
  WindowPlan best;
  double best_cost = -1;
  const auto consider = [&](std::uint32_t c, bool batch, double add, double bucket_sum) {
    const double windows = (255 + c - 1) / c + (255 % c == 0 ? 0.5 : 0.0);
    const double cost =
        windows * (add * static_cast<double>(n) + bucket_sum * std::ldexp(1.0, int(c) - 1));
    if (best_cost < 0 || cost < best_cost) {
      best = {c, batch};
      best_cost = cost;
    }
  };
  for (std::uint32_t c = 3; c <= kMaxWindowBits; ++c) {
    consider(c, false, kJacobianAddCost, kJacobianBucketSumCost);
    if ((std::size_t{1} << (c - 1)) >= kBatchMinBuckets) {
      consider(c, true, kBatchAddCost, kBatchBucketSumCost);
    }
  }
  return best;
}

// Signed-digit recoding: with K = sum_j 2^(c-1) * 2^(jc), the unsigned c-bit windows u_j of
// s + K give the digits d_j = u_j - 2^(c-1) in [-2^(c-1), 2^(c-1)) with s = sum_j d_j 2^(jc).
class SignedWindows {
 public:
  explicit SignedWindows(std::uint32_t c) : c_(c), count_(kRecodedBits / c + 1) {
    for (std::uint32_t j = 0; j < count_; ++j) {
      const std::uint32_t bit = j * c + c - 1;
      offset_[bit / 64] |= std::uint64_t{1} << (bit % 64);
    }
  }
  std::uint32_t bits() const { return c_; }
  std::uint32_t count() const { return count_; }

  std::int32_t digit(const ScalarLimbs& s, std::uint32_t window) const {
    bls12_381::Limbs<5> t{s[0], s[1], s[2], s[3], 0};
    bls12_381::bigint::add_in_place(t, offset_);
    const std::uint32_t pos = window * c_;
    const std::uint32_t limb = pos / 64, shift = pos % 64;
    std::uint64_t v = t[limb] >> shift;
    if (shift + c_ > 64 && limb + 1 < 5) v |= t[limb + 1] << (64 - shift);
    v &= (std::uint64_t{1} << c_) - 1;
    return static_cast<std::int32_t>(v) - (std::int32_t{1} << (c_ - 1));
  }

 private:
  std::uint32_t c_;
  std::uint32_t count_;
  bls12_381::Limbs<5> offset_{};
};

// The scalars split into chunks of whole 64-bit density words; base_begin[k] is the index of the
// first base that chunk k uses.
struct Chunks {
  std::size_t size;  // scalars per chunk, a multiple of 64
  std::vector<std::size_t> base_begin;
  std::size_t count() const { return base_begin.size(); }
};

inline Chunks split_into_chunks(std::size_t n, const DensityBitmap* density, std::size_t target) {
  Chunks chunks;
  const std::size_t per =
      std::max<std::size_t>(64, (n / std::max<std::size_t>(target, 1) + 63) & ~std::size_t{63});
  chunks.size = per;
  const std::size_t count = (n + per - 1) / per;
  chunks.base_begin.assign(count, 0);
  std::size_t running = 0;
  for (std::size_t k = 0; k < count; ++k) {
    chunks.base_begin[k] = running;
    const std::size_t end = std::min(n, (k + 1) * per);
    if (density == nullptr) {
      running = end;
    } else {
      const auto words = density->words();
      for (std::size_t w = k * per / 64; w < (end + 63) / 64; ++w) {
        running += static_cast<std::size_t>(std::popcount(words[w]));
      }
    }
  }
  return chunks;
}

// Calls visit(scalar_index, base_index) for every participating scalar in chunk k.
template <class Visit>
void for_each_in_chunk(const Chunks& chunks, std::size_t k, std::size_t n,
                       const DensityBitmap* density, Visit&& visit) {
  const std::size_t begin = k * chunks.size, end = std::min(n, begin + chunks.size);
  std::size_t base = chunks.base_begin[k];
  if (density == nullptr) {
    for (std::size_t i = begin; i < end; ++i) visit(i, base++);
    return;
  }
  const auto words = density->words();
  for (std::size_t w = begin / 64; w * 64 < end; ++w) {
    std::uint64_t bits = words[w];
    while (bits != 0) {
      const std::size_t i = w * 64 + static_cast<std::size_t>(std::countr_zero(bits));
      bits &= bits - 1;
      visit(i, base++);
    }
  }
}

}  // namespace detail

// `meter`, when given, is told of the work as it goes: a unit per chunk in the pass over the ones
// and per chunk and window in the buckets' pass. The buckets' pass is counted in its total from
// the start with the windows all n scalars would need, then corrected once the ones are known, so
// that the share done only grows (or jumps ahead).
template <class Affine>
typename CurveOps<Affine>::Projective msm(std::span<const Affine> bases,
                                          std::span<const ScalarLimbs> scalars,
                                          const DensityBitmap* density = nullptr,
                                          WorkMeter* meter = nullptr) {
  using Ops = CurveOps<Affine>;
  using Projective = typename Ops::Projective;
  const std::size_t n = scalars.size();
  if (density != nullptr && density->size() != n) {
    throw Error("msm: density covers " + std::to_string(density->size()) + " variables, " +
                std::to_string(n) + " scalars given");
  }
  const std::size_t expected_bases = density == nullptr ? n : density->count();
  if (bases.size() != expected_bases) {
    throw Error("msm: " + std::to_string(bases.size()) + " bases for " +
                std::to_string(expected_bases) + " participating scalars");
  }
  if (n == 0) return Ops::identity();

  const auto threads = static_cast<std::size_t>(omp_get_max_threads());
  const detail::Chunks chunks = detail::split_into_chunks(n, density, 8 * threads);
  const auto num_chunks = static_cast<std::int64_t>(chunks.count());
  // Signed: the estimate of the buckets' pass, corrected below.
  const auto estimated_pass_units = static_cast<std::int64_t>(
      detail::SignedWindows(detail::plan_windows(n).bits).count() * chunks.count());
  if (meter != nullptr) meter->extend(num_chunks + estimated_pass_units);

  // Pass 1: add the bases of scalar 1 directly and count the scalars that need windows.
  std::vector<Projective> ones(chunks.count(), Ops::identity());
  std::vector<std::size_t> others(chunks.count(), 0);
#pragma omp parallel for schedule(dynamic, 1)
  for (std::int64_t k = 0; k < num_chunks; ++k) {
    const auto uk = static_cast<std::size_t>(k);
    detail::for_each_in_chunk(chunks, uk, n, density, [&](std::size_t i, std::size_t b) {
      if (detail::is_one(scalars[i])) {
        Ops::add_affine(ones[uk], bases[b]);
      } else if (!detail::is_zero_or_one(scalars[i])) {
        ++others[uk];
      }
    });
    if (meter != nullptr) meter->advance(1);
  }
  Projective result = Ops::identity();
  for (const auto& p : ones) Ops::add(result, p);
  std::size_t total_others = 0;
  for (std::size_t o : others) total_others += o;
  if (total_others == 0) {
    if (meter != nullptr) meter->extend(-estimated_pass_units);
    return result;
  }

  // Pass 2: Pippenger over (window, group of chunks) tasks, each with its own buckets: batched
  // ones when a window has enough buckets to fill the batches.
  const detail::WindowPlan plan = detail::plan_windows(total_others);
  const detail::SignedWindows windows(plan.bits);
  const std::size_t num_windows = windows.count();
  const std::size_t groups = std::min(
      chunks.count(), std::max<std::size_t>(1, (2 * threads + num_windows - 1) / num_windows));
  const std::size_t chunks_per_group = (chunks.count() + groups - 1) / groups;
  const std::size_t num_buckets = std::size_t{1} << (windows.bits() - 1);
  std::vector<Projective> partial(num_windows * groups, Ops::identity());
  const auto num_tasks = static_cast<std::int64_t>(partial.size());
  if (meter != nullptr) {
    meter->extend(static_cast<std::int64_t>(num_windows * chunks.count()) - estimated_pass_units);
  }
#pragma omp parallel for schedule(dynamic, 1)
  for (std::int64_t task = 0; task < num_tasks; ++task) {
    const auto window = static_cast<std::uint32_t>(static_cast<std::size_t>(task) / groups);
    const std::size_t group = static_cast<std::size_t>(task) % groups;
    const std::size_t first = group * chunks_per_group;
    const std::size_t last = std::min(chunks.count(), first + chunks_per_group);
    const auto accumulate = [&](auto&& buckets) {
      for (std::size_t k = first; k < last; ++k) {
        detail::for_each_in_chunk(chunks, k, n, density, [&](std::size_t i, std::size_t b) {
          if (detail::is_zero_or_one(scalars[i])) return;
          const std::int32_t d = windows.digit(scalars[i], window);
          if (d > 0) {
            buckets.add(static_cast<std::size_t>(d - 1), bases[b]);
          } else if (d < 0) {
            buckets.add(static_cast<std::size_t>(-d - 1), Ops::negated(bases[b]));
          }
        });
      }
      return buckets.weighted_sum();
    };
    partial[static_cast<std::size_t>(task)] =
        plan.batch ? accumulate(typename Ops::BatchBuckets(num_buckets))
                   : accumulate(typename Ops::Buckets(num_buckets));
    if (meter != nullptr) meter->advance(last - first);
  }

  // Horner over the windows, most significant first.
  Projective acc = Ops::identity();
  for (std::size_t w = num_windows; w-- > 0;) {
    for (std::uint32_t b = 0; b < windows.bits(); ++b) acc = Ops::doubled(acc);
    for (std::size_t g = 0; g < groups; ++g) Ops::add(acc, partial[w * groups + g]);
  }
  Ops::add(result, acc);
  return result;
}

}  // namespace cuzk::prover
