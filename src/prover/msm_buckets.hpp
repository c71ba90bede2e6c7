// The bucket phase of Pippenger's MSM (prover/msm.hpp): affine base points go into numbered
// buckets, then the buckets are summed with weights, sum_j (j + 1) * bucket_j. Two accumulators
// share that interface:
//
//   JacobianBuckets     one mixed addition (madd-2007-bl, 7M + 4S) per point. Used when there
//                       are few buckets, where a batch could not amortise an inversion, and
//                       for any group with CurveOps (the tests' stand-in group).
//   BatchAffineBuckets  buckets kept affine; additions are staged and done a batch at a time
//                       with one shared inversion (Montgomery's trick), so each costs 3M for its
//                       share of the inversion plus the affine formula's 2M + 1S: about half of a
//                       mixed addition.
//
// Variable time, like the rest of the MSM.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "bls12_381/curve.hpp"

namespace cuzk::prover {

// Ops: the group's CurveOps (prover/msm.hpp).
template <class Ops>
class JacobianBuckets {
 public:
  using Affine = typename Ops::Affine;
  using Projective = typename Ops::Projective;

  explicit JacobianBuckets(std::size_t count) : buckets_(count, Ops::identity()) {}

  void add(std::size_t bucket, const Affine& p) { Ops::add_affine(buckets_[bucket], p); }

  // sum_j (j + 1) * bucket_j as a running sum from the top bucket down.
  Projective weighted_sum() const {
    Projective running = Ops::identity(), sum = Ops::identity();
    for (std::size_t j = buckets_.size(); j-- > 0;) {
      Ops::add(running, buckets_[j]);
      Ops::add(sum, running);
    }
    return sum;
  }

 private:
  std::vector<Projective> buckets_;
};

template <class Curve>
class BatchAffineBuckets {
 public:
  using Field = typename Curve::Field;
  using Affine = bls12_381::AffinePoint<Curve>;
  using Jacobian = bls12_381::JacobianPoint<Curve>;

  // batch_size 0: count / 32 within [16, 512], so that staged buckets rarely collide. A caller
  // whose additions never revisit a bucket within a batch (fixed-base multiplication: one
  // addition per bucket per round) can ask for larger batches.
  explicit BatchAffineBuckets(std::size_t count, std::size_t batch_size = 0)
      : buckets_(count, Affine::identity()),
        stamp_(count, 0),
        batch_size_(batch_size != 0 ? batch_size
                                    : std::clamp<std::size_t>(count / 32, 16, kMaxBatch)) {
    staged_.reserve(batch_size_ + kMaxDeferred);
    deferred_.reserve(kMaxDeferred);
    prefix_.resize(batch_size_ + kMaxDeferred);
  }

  void add(std::size_t bucket, const Affine& p) {
    place(bucket, p);
    while (staged_.size() >= batch_size_) {
      flush_staged();
      readd_deferred();
    }
  }

  // sum_j (j + 1) * bucket_j, after the last staged additions.
  Jacobian weighted_sum() {
    finish_additions();
    Jacobian running = Jacobian::identity(), sum = Jacobian::identity();
    for (std::size_t j = buckets_.size(); j-- > 0;) {
      running += buckets_[j];
      if (!overflow_.empty()) running += overflow_[j];
      sum += running;
    }
    return sum;
  }

  // Every bucket's sum as an affine point (infinity for an empty one), after the last staged
  // additions. Leaves the accumulator empty.
  std::vector<Affine> take_sums() {
    finish_additions();
    if (!overflow_.empty()) {
      std::vector<Jacobian> merged(buckets_.size());
      for (std::size_t j = 0; j < buckets_.size(); ++j) merged[j] = overflow_[j] + buckets_[j];
      bls12_381::batch_to_affine<Curve>(merged, buckets_);
      overflow_.clear();
    }
    return std::move(buckets_);
  }

 private:
  // Up to 512 additions share an inversion: its cost (~5 us) then adds ~10 ns to each, and 512
  // staged buckets out of 16384 (a 2^20-point window) conflict for ~3% of the points. Fewer
  // buckets get smaller batches (count / 32) to keep conflicts as rare.
  static constexpr std::size_t kMaxBatch = 512;
  // Points whose bucket already has a staged addition wait here for the next batch; past this
  // many (one bucket receiving most points, e.g. many equal small scalars) they are added in
  // Jacobian form instead, so a skewed input costs mixed additions, never one inversion each.
  static constexpr std::size_t kMaxDeferred = 256;

  struct Staged {
    std::uint32_t bucket;
    Affine point;
  };

  // Sets an empty bucket, stages an addition to a free one, or defers the point if its bucket
  // already has one staged. Equal x coordinates (the point or its negation is in the bucket) have
  // no affine slope: they are settled here, rarely, with one inversion.
  void place(std::size_t bucket, const Affine& p) {
    if (p.infinity) return;
    if (stamp_[bucket] == batch_) {
      deferred_.push_back({static_cast<std::uint32_t>(bucket), p});
      if (deferred_.size() >= kMaxDeferred) spill_deferred();
      return;
    }
    Affine& b = buckets_[bucket];
    if (b.infinity) {
      b = p;
      return;
    }
    if (b.x == p.x) {
      b = b.y == p.y ? Jacobian::from_affine(b).doubled().to_affine() : Affine::identity();
      return;
    }
    stamp_[bucket] = batch_;
    staged_.push_back({static_cast<std::uint32_t>(bucket), p});
  }

  // Every staged bucket b becomes b + p: lambda = (y_p - y_b) / (x_p - x_b),
  // x = lambda^2 - x_b - x_p, y = lambda (x_b - x) - y_b, with the denominators inverted together.
  void flush_staged() {
    const std::size_t n = staged_.size();
    if (n == 0) return;
    Field acc = Field::one();
    for (std::size_t i = 0; i < n; ++i) {
      prefix_[i] = acc;  // product of the denominators before i
      acc *= staged_[i].point.x - buckets_[staged_[i].bucket].x;
    }
    Field inv = acc.inverse();
    for (std::size_t i = n; i-- > 0;) {
      const Affine& p = staged_[i].point;
      Affine& b = buckets_[staged_[i].bucket];
      const Field dx = p.x - b.x;
      const Field lambda = (p.y - b.y) * (inv * prefix_[i]);
      inv *= dx;
      const Field x = lambda * lambda - b.x - p.x;
      b.y = lambda * (b.x - x) - b.y;
      b.x = x;
    }
    staged_.clear();
    next_batch();
  }

  void finish_additions() {
    flush_staged();
    readd_deferred();
    flush_staged();
    spill_deferred();
  }

  void readd_deferred() {
    waiting_.swap(deferred_);
    for (const Staged& s : waiting_) place(s.bucket, s.point);
    waiting_.clear();
  }

  void spill_deferred() {
    if (deferred_.empty()) return;
    if (overflow_.empty()) overflow_.assign(buckets_.size(), Jacobian::identity());
    for (const Staged& s : deferred_) overflow_[s.bucket] += s.point;
    deferred_.clear();
  }

  void next_batch() {
    if (++batch_ == 0) {  // the stamps wrapped: clear them so no old batch matches
      std::fill(stamp_.begin(), stamp_.end(), 0);
      batch_ = 1;
    }
  }

  std::vector<Affine> buckets_;
  std::vector<std::uint32_t> stamp_;  // the batch in which a bucket last had an addition staged
  std::uint32_t batch_ = 1;
  std::size_t batch_size_;
  std::vector<Staged> staged_, deferred_, waiting_;
  std::vector<Field> prefix_;
  std::vector<Jacobian> overflow_;  // allocated on the first spill only
};

}  // namespace cuzk::prover
