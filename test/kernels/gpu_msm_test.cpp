// GPU MSM and batch addition against CPU sums, on fresh random points and scalars, with the
// inputs that break bucket methods: zero and one scalars, equal scalars, repeated points,
// opposite points and the point at infinity; the ones batch of many bitmaps against the batch
// addition of each, across its 2^24-point chunks.
#include <doctest/doctest.h>

#include <random>
#include <span>
#include <type_traits>
#include <vector>

#include "bls12_381/encoding.hpp"
#include "gpu_test_support.hpp"
#include "kernels/msm/bases.hpp"
#include "kernels/msm/msm.hpp"

namespace cuzk::kernels::test {
namespace {

using bls12_381::G1Affine;
using bls12_381::G1Curve;
using bls12_381::G2Affine;
using bls12_381::G2Curve;

enum class ScalarMix { kRandom, kZeroOneHeavy, kAllZero, kAllOne, kAllTwo, kSmall };

std::vector<ScalarLimbs> make_scalars(std::size_t n, ScalarMix mix, std::mt19937_64& rng) {
  std::vector<ScalarLimbs> s(n);
  for (auto& x : s) {
    switch (mix) {
      case ScalarMix::kRandom:
        x = random_scalar(rng);
        break;
      case ScalarMix::kZeroOneHeavy: {  // PoRep-like: mostly bits, some full-width values
        const auto roll = rng() % 100;
        x = roll < 45 ? ScalarLimbs{} : roll < 95 ? ScalarLimbs{1, 0, 0, 0} : random_scalar(rng);
        break;
      }
      case ScalarMix::kAllZero:
        x = ScalarLimbs{};
        break;
      case ScalarMix::kAllOne:
        x = ScalarLimbs{1, 0, 0, 0};
        break;
      case ScalarMix::kAllTwo:
        x = ScalarLimbs{2, 0, 0, 0};
        break;
      case ScalarMix::kSmall:
        x = ScalarLimbs{rng() % 5, 0, 0, 0};
        break;
    }
  }
  // r - 1, the largest scalar, where the signed recoding carries furthest.
  if (n > 2 && mix == ScalarMix::kRandom) s[1] = (-Fr::one()).to_canonical();
  return s;
}

template <class Curve, class Mont>
std::vector<Mont> to_mont_all(const std::vector<bls12_381::AffinePoint<Curve>>& points) {
  std::vector<Mont> out;
  out.reserve(points.size());
  for (const auto& p : points) out.push_back(to_device_layout(p));
  return out;
}

// Points with the awkward cases mixed in: infinity, a repeated point and a point with its
// negation.
template <class Curve>
std::vector<bls12_381::AffinePoint<Curve>> awkward_points(std::size_t n, std::mt19937_64& rng) {
  auto points = random_points<Curve>(n, rng);
  if (n >= 8) {
    points[2] = bls12_381::AffinePoint<Curve>::identity();
    points[4] = points[3];
    points[6] = -points[5];
  }
  return points;
}

template <class Curve, class Mont>
void check_msm(std::size_t n, ScalarMix mix, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  INFO("n " << n << " mix " << int(mix) << " seed " << seed);
  const auto points = awkward_points<Curve>(n, rng);
  const auto bases = DeviceBases<Mont>::from_affine(kTestGpu, to_mont_all<Curve, Mont>(points));
  const auto scalars = make_scalars(n, mix, rng);
  const auto expected = reference_msm<Curve>(points, scalars);
  const auto run = [&](MsmConfig config) {
    if constexpr (std::is_same_v<Mont, G1AffineMont>) {
      return from_device_layout(msm_g1(bases, scalars, config));
    } else {
      return from_device_layout(msm_g2(bases, scalars, config));
    }
  };
  CHECK(run({}) == expected);
  CHECK(run({.ones = OnesPath::kBuckets}) == expected);
  CHECK(run({.window_bits = 7}) == expected);
}

TEST_CASE("G1 MSM equals the CPU sum" * doctest::skip(no_gpu())) {
  std::uint64_t seed = 31;
  for (std::size_t n : {1, 2, 3, 100, 1000, 3001}) {
    check_msm<G1Curve, G1AffineMont>(n, ScalarMix::kRandom, seed++);
  }
  for (ScalarMix mix : {ScalarMix::kZeroOneHeavy, ScalarMix::kAllZero, ScalarMix::kAllOne,
                        ScalarMix::kAllTwo, ScalarMix::kSmall}) {
    check_msm<G1Curve, G1AffineMont>(2500, mix, seed++);
  }
}

TEST_CASE("G1 MSM of one repeated point and equal scalars (one bucket)" * doctest::skip(no_gpu())) {
  std::mt19937_64 rng(41);
  const std::size_t n = 40000;  // enough to need several merging passes in one bucket
  const auto p = random_points<G1Curve>(1, rng)[0];
  const std::vector<G1AffineMont> same(n, to_device_layout(p));
  const auto bases = DeviceG1Bases::from_affine(kTestGpu, same);
  const std::vector<ScalarLimbs> threes(n, ScalarLimbs{3, 0, 0, 0});
  const auto expected = (bls12_381::G1Jacobian::from_affine(p) * Fr::from_u64(3 * n)).to_affine();
  CHECK(from_device_layout(msm_g1(bases, threes)) == expected);
  const std::vector<ScalarLimbs> ones(n, ScalarLimbs{1, 0, 0, 0});
  const auto expected_ones = (bls12_381::G1Jacobian::from_affine(p) * Fr::from_u64(n)).to_affine();
  CHECK(from_device_layout(msm_g1(bases, ones)) == expected_ones);
  CHECK(from_device_layout(msm_g1(bases, ones, {.ones = OnesPath::kBuckets})) == expected_ones);
}

TEST_CASE("G1 MSM is linear at a larger size" * doctest::skip(no_gpu())) {
  std::mt19937_64 rng(42);
  const std::size_t n = (1 << 17) + 5;
  const auto pattern = to_mont_all<G1Curve, G1AffineMont>(random_points<G1Curve>(1000, rng));
  const auto bases = DeviceG1Bases::repeated(kTestGpu, pattern, n);
  std::vector<ScalarLimbs> s(n), t(n), sum(n);
  for (std::size_t i = 0; i < n; ++i) {
    const Fr a = Fr::random(rng), b = Fr::random(rng);
    s[i] = a.to_canonical();
    t[i] = b.to_canonical();
    sum[i] = (a + b).to_canonical();
  }
  using bls12_381::G1Jacobian;
  const auto lhs = G1Jacobian::from_affine(from_device_layout(msm_g1(bases, s))) +
                   from_device_layout(msm_g1(bases, t, {.window_bits = 13}));
  CHECK(lhs == from_device_layout(msm_g1(bases, sum, {.window_bits = 16})));
  // Windows of unequal widths: 12 windows of 21 and 22 bits, 13 of 19 and 20.
  CHECK(lhs == from_device_layout(msm_g1(bases, sum, {.window_bits = 22})));
  CHECK(lhs == from_device_layout(msm_g1(bases, sum, {.window_bits = 20})));
}

TEST_CASE("G1 MSM rejects more scalars than bases" * doctest::skip(no_gpu())) {
  std::mt19937_64 rng(43);
  const auto bases = DeviceG1Bases::from_affine(
      kTestGpu, to_mont_all<G1Curve, G1AffineMont>(random_points<G1Curve>(4, rng)));
  const std::vector<ScalarLimbs> scalars(5, ScalarLimbs{1, 0, 0, 0});
  CHECK_THROWS(msm_g1(bases, scalars));
  CHECK(from_device_layout(msm_g1(bases, std::span(scalars).first(0))) == G1Affine::identity());
}

template <class Curve, class Mont>
void check_batch_add(std::size_t n, double density, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  INFO("n " << n << " density " << density);
  const auto points = awkward_points<Curve>(n, rng);
  const auto bases = DeviceBases<Mont>::from_affine(kTestGpu, to_mont_all<Curve, Mont>(points));
  std::vector<std::uint64_t> bitmap((n + 63) / 64);
  bls12_381::JacobianPoint<Curve> expected;
  std::bernoulli_distribution pick(density);
  for (std::size_t i = 0; i < n; ++i) {
    if (!pick(rng)) continue;
    bitmap[i / 64] |= std::uint64_t{1} << (i % 64);
    expected += points[i];
  }
  if constexpr (std::is_same_v<Mont, G1AffineMont>) {
    CHECK(from_device_layout(batch_add_g1(bases, bitmap)) == expected.to_affine());
  } else {
    CHECK(from_device_layout(batch_add_g2(bases, bitmap)) == expected.to_affine());
  }
}

TEST_CASE("G1 batch addition equals the CPU sum" * doctest::skip(no_gpu())) {
  check_batch_add<G1Curve, G1AffineMont>(1, 1.0, 51);
  check_batch_add<G1Curve, G1AffineMont>(130, 0.5, 52);
  check_batch_add<G1Curve, G1AffineMont>(20000, 0.5, 53);
  check_batch_add<G1Curve, G1AffineMont>(20000, 0.0, 54);
  check_batch_add<G1Curve, G1AffineMont>(20001, 1.0, 55);
  std::mt19937_64 rng(56);
  const auto bases = DeviceG1Bases::from_affine(
      kTestGpu, to_mont_all<G1Curve, G1AffineMont>(random_points<G1Curve>(65, rng)));
  const std::vector<std::uint64_t> beyond = {0, 2};  // bit 65: no such base
  CHECK_THROWS(batch_add_g1(bases, beyond));
}

// Ten bitmaps over more than 2^24 bases (the ones batch sorts 2^24 points at a time, so its
// loop runs twice and the second chunk is partial): each bitmap's sum from the batch equals its
// batch addition alone, and a bitmap of all ones and one of none sit among them. The bases repeat
// 4096 distinct points on the device, as the kernels bench does.
template <class Curve, class Mont>
void check_ones_batch(std::size_t n, int count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  INFO("n " << n << ", " << count << " bitmaps");
  const auto pattern = to_mont_all<Curve, Mont>(random_points<Curve>(4096, rng));
  const auto bases = DeviceBases<Mont>::repeated(kTestGpu, pattern, n);
  const std::size_t words = (n + 63) / 64;
  std::vector<std::vector<std::uint64_t>> bitmaps(count, std::vector<std::uint64_t>(words));
  for (int k = 0; k < count; ++k) {
    for (std::uint64_t& w : bitmaps[k]) w = k == 0 ? ~std::uint64_t{0} : k == 1 ? 0 : rng();
    if (n % 64 != 0) bitmaps[k].back() &= (std::uint64_t{1} << (n % 64)) - 1;  // no base past n
  }
  std::vector<std::span<const std::uint64_t>> views(bitmaps.begin(), bitmaps.end());
  if constexpr (std::is_same_v<Mont, G1AffineMont>) {
    const std::vector<G1AffineMont> batch = ones_batch_g1(bases, views);
    REQUIRE(batch.size() == static_cast<std::size_t>(count));
    for (int k = 0; k < count; ++k) {
      INFO("bitmap " << k);
      CHECK(from_device_layout(batch[k]) == from_device_layout(batch_add_g1(bases, views[k])));
    }
  } else {
    const std::vector<G2AffineMont> batch = ones_batch_g2(bases, views);
    REQUIRE(batch.size() == static_cast<std::size_t>(count));
    for (int k = 0; k < count; ++k) {
      INFO("bitmap " << k);
      CHECK(from_device_layout(batch[k]) == from_device_layout(batch_add_g2(bases, views[k])));
    }
  }
}

TEST_CASE("the ones batch of ten bitmaps over more than 2^24 bases equals each batch addition" *
          doctest::skip(no_gpu())) {
  constexpr std::size_t kPastTwoChunks = (std::size_t{1} << 24) + 100'003;
  check_ones_batch<G1Curve, G1AffineMont>(kPastTwoChunks, 10, 71);
  check_ones_batch<G1Curve, G1AffineMont>(5000, 3, 72);
  check_ones_batch<G2Curve, G2AffineMont>(kPastTwoChunks, 10, 73);
}

TEST_CASE("G2 MSM and batch addition equal the CPU sums" * doctest::skip(no_gpu())) {
  std::uint64_t seed = 61;
  for (std::size_t n : {1, 9, 300}) check_msm<G2Curve, G2AffineMont>(n, ScalarMix::kRandom, seed++);
  check_msm<G2Curve, G2AffineMont>(600, ScalarMix::kZeroOneHeavy, seed++);
  check_msm<G2Curve, G2AffineMont>(200, ScalarMix::kAllOne, seed++);
  check_batch_add<G2Curve, G2AffineMont>(3000, 0.5, seed++);
}

}  // namespace
}  // namespace cuzk::kernels::test
