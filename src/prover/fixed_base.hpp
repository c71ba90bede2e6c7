// Many multiples k_i * P of one fixed point P (the test setup computes millions of them): a table
// of d * 2^(w j) * P for every w-bit window j and digit d turns each multiplication into about
// 256 / w mixed additions and no doublings. Variable time (test setup only).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "bls12_381/curve.hpp"

namespace cuzk::prover {

template <class Curve>
class FixedBaseTable {
 public:
  using Affine = bls12_381::AffinePoint<Curve>;
  using Jacobian = bls12_381::JacobianPoint<Curve>;
  static constexpr std::size_t kWindowBits = 8;
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
#pragma omp parallel for schedule(static)
    for (std::size_t j = 0; j < kWindows; ++j) {
      Jacobian acc = window_bases[j];
      for (std::size_t d = 0; d < kDigits; ++d) {
        jac[j * kDigits + d] = acc;
        acc += window_bases[j];
      }
    }
    bls12_381::batch_to_affine<Curve>(jac, table_);
  }

  Jacobian mul(const bls12_381::Fr& k) const {
    const auto limbs = k.to_canonical();
    Jacobian acc = Jacobian::identity();
    for (std::size_t j = 0; j < kWindows; ++j) {
      const std::size_t bit = j * kWindowBits;
      const std::size_t digit = (limbs[bit / 64] >> (bit % 64)) & kDigits;  // w divides 64
      if (digit != 0) acc += table_[j * kDigits + digit - 1];
    }
    return acc;
  }

  // k_i * P for every i, in parallel, as affine points (zero scalars give infinity).
  std::vector<Affine> mul_all(std::span<const bls12_381::Fr> scalars) const {
    std::vector<Affine> out(scalars.size());
    constexpr std::size_t kChunk = 1024;
    const auto chunks = static_cast<std::int64_t>((scalars.size() + kChunk - 1) / kChunk);
#pragma omp parallel for schedule(dynamic, 1)
    for (std::int64_t c = 0; c < chunks; ++c) {
      const std::size_t begin = static_cast<std::size_t>(c) * kChunk;
      const std::size_t end = std::min(scalars.size(), begin + kChunk);
      std::vector<Jacobian> jac(end - begin);
      for (std::size_t i = begin; i < end; ++i) jac[i - begin] = mul(scalars[i]);
      bls12_381::batch_to_affine<Curve>(jac, std::span<Affine>(out).subspan(begin, end - begin));
    }
    return out;
  }

 private:
  static_assert(64 % kWindowBits == 0, "a window must not straddle two limbs");
  std::vector<Affine> table_;
};

}  // namespace cuzk::prover
