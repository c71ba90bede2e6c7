#include "prover/msm.hpp"
#include "prover/msm_buckets.hpp"

#include <doctest/doctest.h>

#include <random>
#include <vector>

#include "bls12_381/fields.hpp"

namespace {

using cuzk::bls12_381::Fr;
using cuzk::prover::DensityBitmap;
using cuzk::prover::ScalarLimbs;

// The additive group of Fr as a stand-in curve of order r: sum_i s_i * b_i computed by Pippenger
// must equal the same sum in field arithmetic. Exercises the recoding, buckets, density and the
// 0/1 shortcuts independently of the curve code.
struct FrPoint {
  Fr v;
};

}  // namespace

template <>
struct cuzk::prover::CurveOps<FrPoint> {
  using Affine = FrPoint;
  using Projective = Fr;
  using Buckets = JacobianBuckets<CurveOps>;
  using BatchBuckets = Buckets;  // the stand-in has no affine formula to batch
  static Fr identity() { return Fr::zero(); }
  static void add(Fr& acc, const Fr& p) { acc += p; }
  static void add_affine(Fr& acc, const FrPoint& p) { acc += p.v; }
  static FrPoint negated(const FrPoint& p) { return {-p.v}; }
  static Fr doubled(const Fr& p) { return p.doubled(); }
};

namespace {

enum class ScalarMix { kRandom, kBits, kZeros, kMostlyBits, kExtremes };

std::vector<Fr> make_scalars(std::size_t n, ScalarMix mix, std::mt19937_64& rng) {
  std::vector<Fr> s(n);
  const Fr minus_one = -Fr::one();
  for (std::size_t i = 0; i < n; ++i) {
    switch (mix) {
      case ScalarMix::kRandom:
        s[i] = Fr::random(rng);
        break;
      case ScalarMix::kBits:
        s[i] = Fr::from_u64(rng() & 1);
        break;
      case ScalarMix::kZeros:
        s[i] = Fr::zero();
        break;
      case ScalarMix::kMostlyBits:
        s[i] = (rng() % 10 == 0) ? Fr::random(rng) : Fr::from_u64(rng() & 1);
        break;
      case ScalarMix::kExtremes: {
        const Fr choices[] = {minus_one, minus_one - Fr::one(), Fr::from_u64(2),
                              Fr::from_u64(0xffff), Fr::from_u64(0x8000)};
        s[i] = choices[rng() % 5];
        break;
      }
    }
  }
  return s;
}

std::vector<ScalarLimbs> canonical(const std::vector<Fr>& s) {
  std::vector<ScalarLimbs> out(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) out[i] = s[i].to_canonical();
  return out;
}

}  // namespace

TEST_CASE("msm over the Fr stand-in group equals the direct sum") {
  std::mt19937_64 rng(2024);
  // 300000 reaches the window widths (13 and more) at which msm() switches to BatchBuckets,
  // which for this stand-in are its Jacobian buckets: the window plan is exercised, not the
  // batch-affine formulas (those are checked on G1 below).
  for (std::size_t n : {0u, 1u, 2u, 31u, 32u, 100u, 1000u, 5000u, 40000u, 300000u}) {
    for (ScalarMix mix : {ScalarMix::kRandom, ScalarMix::kBits, ScalarMix::kZeros,
                          ScalarMix::kMostlyBits, ScalarMix::kExtremes}) {
      INFO("n = " << n << ", mix = " << static_cast<int>(mix));
      const auto scalars = make_scalars(n, mix, rng);
      std::vector<FrPoint> bases(n);
      for (auto& b : bases) b.v = Fr::random(rng);
      Fr expected{};
      for (std::size_t i = 0; i < n; ++i) expected += scalars[i] * bases[i].v;
      const auto limbs = canonical(scalars);
      CHECK(cuzk::prover::msm<FrPoint>(bases, limbs) == expected);

      // Density: every third variable is absent and has no base.
      DensityBitmap density;
      std::vector<FrPoint> dense_bases;
      Fr expected_dense{};
      for (std::size_t i = 0; i < n; ++i) {
        const bool present = i % 3 != 1;
        density.push_back(present);
        if (present) {
          dense_bases.push_back(bases[i]);
          expected_dense += scalars[i] * bases[i].v;
        }
      }
      CHECK(cuzk::prover::msm<FrPoint>(dense_bases, limbs, &density) == expected_dense);
    }
  }
}

TEST_CASE("msm recoding works at every window width") {
  std::mt19937_64 rng(5);
  const auto scalars = make_scalars(64, ScalarMix::kRandom, rng);
  const auto limbs = canonical(scalars);
  for (std::uint32_t c = 2; c <= cuzk::prover::detail::kMaxWindowBits; ++c) {
    INFO("c = " << c);
    const cuzk::prover::detail::SignedWindows windows(c);
    for (std::size_t i = 0; i < limbs.size(); ++i) {
      // Recompose s = sum_j d_j 2^(jc) in Fr.
      Fr acc{};
      const Fr radix = Fr::from_u64(std::uint64_t{1} << c);
      for (std::uint32_t j = windows.count(); j-- > 0;) {
        const std::int32_t d = windows.digit(limbs[i], j);
        CHECK(d >= -(1 << (c - 1)));
        CHECK(d < (1 << (c - 1)));
        const Fr fd = d >= 0 ? Fr::from_u64(static_cast<std::uint64_t>(d))
                             : -Fr::from_u64(static_cast<std::uint64_t>(-d));
        acc = acc * radix + fd;
      }
      CHECK(acc == scalars[i]);
    }
  }
}

TEST_CASE("msm rejects mismatched lengths") {
  std::vector<FrPoint> bases(3);
  std::vector<ScalarLimbs> scalars(4);
  CHECK_THROWS_AS(cuzk::prover::msm<FrPoint>(bases, scalars), cuzk::Error);
  DensityBitmap density;
  for (int i = 0; i < 4; ++i) density.push_back(i != 0);
  CHECK_NOTHROW(cuzk::prover::msm<FrPoint>(bases, scalars, &density));
  density.push_back(true);
  CHECK_THROWS_AS(cuzk::prover::msm<FrPoint>(bases, scalars, &density), cuzk::Error);
}

#include "prover/msm_cpu.hpp"

namespace {

using cuzk::bls12_381::AffinePoint;
using cuzk::bls12_381::JacobianPoint;

// Distinct points: a random multiple of the generator, then repeated additions of a random step.
template <class Curve>
std::vector<AffinePoint<Curve>> random_bases(std::size_t n, std::mt19937_64& rng) {
  using Jacobian = JacobianPoint<Curve>;
  std::vector<Jacobian> jac(n);
  Jacobian p = Jacobian::generator() * Fr::random(rng);
  const Jacobian step = Jacobian::generator() * Fr::random(rng);
  for (auto& q : jac) {
    q = p;
    p += step;
  }
  std::vector<AffinePoint<Curve>> out(n);
  cuzk::bls12_381::batch_to_affine<Curve>(jac, out);
  return out;
}

template <class Curve>
JacobianPoint<Curve> naive_msm(const std::vector<AffinePoint<Curve>>& bases,
                               const std::vector<Fr>& scalars, const DensityBitmap* density) {
  JacobianPoint<Curve> acc = JacobianPoint<Curve>::identity();
  std::size_t b = 0;
  for (std::size_t i = 0; i < scalars.size(); ++i) {
    if (density != nullptr && !density->test(i)) continue;
    acc += bases[b++] * scalars[i];
  }
  return acc;
}

template <class Curve>
void check_curve_msm(std::size_t n, ScalarMix mix, std::uint64_t seed) {
  INFO("n = " << n << ", mix = " << static_cast<int>(mix) << ", seed = " << seed);
  std::mt19937_64 rng(seed);
  const auto scalars = make_scalars(n, mix, rng);
  const auto limbs = canonical(scalars);
  const auto bases = random_bases<Curve>(n, rng);
  const auto full = cuzk::prover::msm<AffinePoint<Curve>>(bases, limbs);
  CHECK(full == naive_msm<Curve>(bases, scalars, nullptr));
  // A density bitmap with half of the variables absent: the bases are the first count() points.
  DensityBitmap density;
  for (std::size_t i = 0; i < n; ++i) density.push_back(rng() & 1);
  const std::vector<AffinePoint<Curve>> dense(bases.begin(),
                                              bases.begin() + static_cast<long>(density.count()));
  CHECK(cuzk::prover::msm<AffinePoint<Curve>>(dense, limbs, &density) ==
        naive_msm<Curve>(dense, scalars, &density));
}

}  // namespace

TEST_CASE("G1 msm equals the naive sum of scalar multiplications") {
  using cuzk::bls12_381::G1Curve;
  check_curve_msm<G1Curve>(0, ScalarMix::kRandom, 1);
  check_curve_msm<G1Curve>(1, ScalarMix::kRandom, 2);
  check_curve_msm<G1Curve>(7, ScalarMix::kRandom, 3);
  check_curve_msm<G1Curve>(300, ScalarMix::kRandom, 4);
  check_curve_msm<G1Curve>(1000, ScalarMix::kMostlyBits, 5);
  check_curve_msm<G1Curve>(700, ScalarMix::kBits, 6);
  check_curve_msm<G1Curve>(200, ScalarMix::kZeros, 7);
  check_curve_msm<G1Curve>(200, ScalarMix::kExtremes, 8);
}

TEST_CASE("G2 msm equals the naive sum of scalar multiplications") {
  using cuzk::bls12_381::G2Curve;
  check_curve_msm<G2Curve>(1, ScalarMix::kRandom, 11);
  check_curve_msm<G2Curve>(100, ScalarMix::kRandom, 12);
  check_curve_msm<G2Curve>(300, ScalarMix::kMostlyBits, 13);
  check_curve_msm<G2Curve>(100, ScalarMix::kZeros, 14);
  check_curve_msm<G2Curve>(60, ScalarMix::kExtremes, 15);
}

TEST_CASE("msm of repeated bases (bucket additions that double)") {
  // Equal bases make a bucket add a point to itself, which must take the doubling branch.
  std::mt19937_64 rng(21);
  using cuzk::bls12_381::G1Curve;
  const auto one = random_bases<G1Curve>(1, rng);
  std::vector<AffinePoint<G1Curve>> bases(500, one[0]);
  std::vector<Fr> scalars(500, Fr::from_u64(5));
  for (std::size_t i = 0; i < 100; ++i) scalars[i] = Fr::random(rng);
  CHECK(cuzk::prover::msm<AffinePoint<G1Curve>>(bases, canonical(scalars)) ==
        naive_msm<G1Curve>(bases, scalars, nullptr));
}

namespace {

// Adds the same sequence of (bucket, point) pairs to both accumulators; their weighted sums must
// agree. `pick` chooses each pair, so that a test can force conflicts, doublings and cancellations.
template <class Pick>
void check_batch_affine_buckets(std::size_t buckets, std::size_t additions, Pick&& pick) {
  using cuzk::bls12_381::G1Curve;
  using Ops = cuzk::prover::CurveOps<AffinePoint<G1Curve>>;
  cuzk::prover::BatchAffineBuckets<G1Curve> batched(buckets);
  cuzk::prover::JacobianBuckets<Ops> plain(buckets);
  for (std::size_t i = 0; i < additions; ++i) {
    const auto [bucket, point] = pick(i);
    batched.add(bucket, point);
    plain.add(bucket, point);
  }
  CHECK(batched.weighted_sum() == plain.weighted_sum());
}

}  // namespace

TEST_CASE("batch-affine buckets equal Jacobian buckets") {
  using cuzk::bls12_381::G1Curve;
  std::mt19937_64 rng(77);
  const auto points = random_bases<G1Curve>(64, rng);
  const auto infinity = AffinePoint<G1Curve>::identity();

  SUBCASE("uniform buckets (few conflicts)") {
    check_batch_affine_buckets(4096, 20000, [&](std::size_t) {
      return std::pair{rng() % 4096, points[rng() % 64]};
    });
  }
  SUBCASE("one bucket takes every point (conflicts spill to Jacobian form)") {
    check_batch_affine_buckets(4096, 3000, [&](std::size_t i) {
      return std::pair{std::size_t{17}, i % 3 == 0 ? -points[rng() % 64] : points[rng() % 64]};
    });
  }
  SUBCASE("equal points, their negations and infinity") {
    // Four points and their negations in 512 buckets: additions that double, that cancel to
    // infinity, and that restart an emptied bucket, in batches of 16.
    check_batch_affine_buckets(512, 5000, [&](std::size_t) {
      const auto& p = points[rng() % 4];
      const auto choice = rng() % 5;
      return std::pair{rng() % 512, choice == 0 ? infinity : choice == 1 ? -p : p};
    });
  }
}

TEST_CASE("G1 msm with batch-affine windows equals the sum of smaller msms") {
  // 2^17 random scalars take windows of 4096 buckets or more (BatchBuckets); slices of 2^13 take
  // Jacobian buckets, which the naive comparisons above pin.
  using cuzk::bls12_381::G1Curve;
  std::mt19937_64 rng(31);
  constexpr std::size_t kN = std::size_t{1} << 17, kSlice = std::size_t{1} << 13;
  const auto bases = random_bases<G1Curve>(kN, rng);
  const auto limbs = canonical(make_scalars(kN, ScalarMix::kRandom, rng));
  JacobianPoint<G1Curve> sum = JacobianPoint<G1Curve>::identity();
  for (std::size_t at = 0; at < kN; at += kSlice) {
    sum += cuzk::prover::msm<AffinePoint<G1Curve>>(std::span(bases).subspan(at, kSlice),
                                                   std::span(limbs).subspan(at, kSlice));
  }
  CHECK(cuzk::prover::msm<AffinePoint<G1Curve>>(bases, limbs) == sum);
}
