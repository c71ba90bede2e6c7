// Many multiples k_i * P of one fixed point P (the test setup computes millions of them): a table
// of d * 2^(w j) * P for every w-bit window j and digit d turns each multiplication into 256 / w
// additions and no doublings. mul_all runs those additions for thousands of scalars in lockstep
// with affine accumulators that share one inversion per batch (prover/msm_buckets.hpp), about
// a third of the cost of mixed Jacobian additions plus a final conversion. Variable time (test
// setup only).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "bls12_381/curve.hpp"
#include "prover/msm_buckets.hpp"

namespace cuzk::prover {

template <class Curve>
class FixedBaseTable {
 public:
  using Affine = bls12_381::AffinePoint<Curve>;
  using Jacobian = bls12_381::JacobianPoint<Curve>;
  // 16-bit windows: 16 additions per scalar from a table of 2^20 points (100 MB in G1, 200 MB
  // in G2, built in about a second), where 8-bit windows took 32 additions.
  static constexpr std::size_t kWindowBits = 16;
  static constexpr std::size_t kWindows = (255 + kWindowBits - 1) / kWindowBits;
  static constexpr std::size_t kDigits = (std::size_t{1} << kWindowBits) - 1;  // 1 .. 2^w - 1

  explicit FixedBaseTable(const Jacobian& base) : table_(kWindows * kDigits) {
    std::vector<Jacobian> window_bases(kWindows);  // 2^(w j) * P
    window_bases[0] = base;
    for (std::size_t j = 1; j < kWindows; ++j) {
      window_bases[j] = window_bases[j - 1];
      for (std::size_t b = 0; b < kWindowBits; ++b) window_bases[j] = window_bases[j].doubled();
    }
    std::vector<Jacobian> jac(table_.size());
    const auto windows = static_cast<std::int64_t>(kWindows);
#pragma omp parallel for schedule(dynamic, 1)
    for (std::int64_t j = 0; j < windows; ++j) {
      const auto uj = static_cast<std::size_t>(j);
      const Affine step = window_bases[uj].to_affine();
      Jacobian acc = window_bases[uj];
      for (std::size_t d = 0; d < kDigits; ++d) {
        jac[uj * kDigits + d] = acc;
        acc += step;
      }
    }
    const auto chunks = static_cast<std::int64_t>(kWindows);
#pragma omp parallel for schedule(dynamic, 1)
    for (std::int64_t c = 0; c < chunks; ++c) {
      const std::size_t begin = static_cast<std::size_t>(c) * kDigits;
      bls12_381::batch_to_affine<Curve>(std::span<const Jacobian>(jac).subspan(begin, kDigits),
                                        std::span<Affine>(table_).subspan(begin, kDigits));
    }
  }

  Jacobian mul(const bls12_381::Fr& k) const {
    const auto limbs = k.to_canonical();
    Jacobian acc = Jacobian::identity();
    for (std::size_t j = 0; j < kWindows; ++j) {
      if (const std::size_t d = digit(limbs, j); d != 0) acc += entry(j, d);
    }
    return acc;
  }

  // k_i * P for every i, in parallel, as affine points (zero scalars give infinity).
  std::vector<Affine> mul_all(std::span<const bls12_381::Fr> scalars) const {
    std::vector<Affine> out(scalars.size());
    // Each chunk's scalars are the buckets of one accumulator; a round adds one table point to
    // each, so batches of a whole round never revisit a bucket.
    constexpr std::size_t kChunk = 2048, kBatch = 512;
    const auto chunks = static_cast<std::int64_t>((scalars.size() + kChunk - 1) / kChunk);
#pragma omp parallel for schedule(dynamic, 1)
    for (std::int64_t c = 0; c < chunks; ++c) {
      const std::size_t begin = static_cast<std::size_t>(c) * kChunk;
      const std::size_t count = std::min(scalars.size(), begin + kChunk) - begin;
      std::vector<bls12_381::Limbs<4>> limbs(count);
      for (std::size_t i = 0; i < count; ++i) limbs[i] = scalars[begin + i].to_canonical();
      BatchAffineBuckets<Curve> acc(count, kBatch);
      for (std::size_t j = 0; j < kWindows; ++j) {
        for (std::size_t i = 0; i < count; ++i) {
          if (const std::size_t d = digit(limbs[i], j); d != 0) acc.add(i, entry(j, d));
        }
      }
      const std::vector<Affine> sums = acc.take_sums();
      std::copy(sums.begin(), sums.end(), out.begin() + static_cast<std::ptrdiff_t>(begin));
    }
    return out;
  }

 private:
  static_assert(64 % kWindowBits == 0, "a window must not straddle two limbs");

  static std::size_t digit(const bls12_381::Limbs<4>& k, std::size_t window) {
    const std::size_t bit = window * kWindowBits;
    return (k[bit / 64] >> (bit % 64)) & kDigits;
  }
  const Affine& entry(std::size_t window, std::size_t digit) const {
    return table_[window * kDigits + digit - 1];
  }

  std::vector<Affine> table_;
};

}  // namespace cuzk::prover
