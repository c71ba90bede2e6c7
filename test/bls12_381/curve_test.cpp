// G1 and G2 group law, scalar multiplication, batch conversion and subgroup checks; one template
// test per property, run for both groups.
#include <doctest/doctest.h>

#include <random>
#include <type_traits>
#include <vector>

#include "bls12_381/curve_parameter.hpp"
#include "bls12_381/g1.hpp"
#include "bls12_381/g2.hpp"

using namespace cuzk::bls12_381;

namespace {

// A point on the curve, almost surely outside the order-r subgroup (no cofactor clearing).
template <class Curve, class Rng>
AffinePoint<Curve> random_curve_point(Rng& rng) {
  using Field = typename Curve::Field;
  for (;;) {
    const Field x = Field::random(rng);
    if (const auto y = (x.square() * x + Curve::b()).sqrt()) {
      return AffinePoint<Curve>::from_xy(x, *y);
    }
  }
}

template <class Curve, class Rng>
JacobianPoint<Curve> random_subgroup_point(Rng& rng) {
  return JacobianPoint<Curve>::generator() * Fr::random(rng);
}

// The same point with a random Z, to exercise equality across representations.
template <class Curve, class Rng>
JacobianPoint<Curve> rescaled(const JacobianPoint<Curve>& p, Rng& rng) {
  using Field = typename Curve::Field;
  const Field s = Field::random(rng);
  return JacobianPoint<Curve>{p.x * s.square(), p.y * s.square() * s, p.z * s};
}

}  // namespace

TEST_CASE_TEMPLATE("the generator is on the curve and in the subgroup", Curve, G1Curve, G2Curve) {
  const auto g = AffinePoint<Curve>::generator();
  CHECK(g.is_on_curve());
  CHECK(is_in_subgroup(g));
  CHECK(is_torsion_free_by_order(g));
  CHECK_FALSE(g.is_identity());
}

TEST_CASE_TEMPLATE("group law: add, mixed add, double, negate", Curve, G1Curve, G2Curve) {
  using J = JacobianPoint<Curve>;
  using A = AffinePoint<Curve>;
  std::mt19937_64 rng(21);
  for (int i = 0; i < 8; ++i) {
    const J p = random_subgroup_point<Curve>(rng);
    const J q = random_subgroup_point<Curve>(rng);
    const A q_affine = q.to_affine();
    CHECK((p + q).is_on_curve());
    CHECK(p + q == p + q_affine);  // mixed add equals add
    CHECK(p + q == q + p);
    CHECK(p + p == p.doubled());
    CHECK(p + p.to_affine() == p.doubled());  // mixed add of equal points doubles
    CHECK((p + -p).is_identity());
    CHECK((p + -p.to_affine()).is_identity());
    CHECK((p + q) + p == p + (q + p));
    CHECK(p - q + q == p);
    // Equality ignores the representation.
    CHECK(rescaled(p, rng) == p);
    CHECK(rescaled(p, rng) == p.to_affine());
    CHECK_FALSE(rescaled(p, rng) == q);
    CHECK(rescaled(p, rng).to_affine() == p.to_affine());
  }
  const J zero = J::identity();
  const J g = J::generator();
  CHECK(zero + g == g);
  CHECK(g + zero == g);
  CHECK(zero + A::identity() == zero);
  CHECK(zero + A::generator() == g);
  CHECK(zero.doubled().is_identity());
  CHECK(zero.to_affine().is_identity());
  CHECK(zero == A::identity());
  CHECK_FALSE(g == A::identity());
}

TEST_CASE_TEMPLATE("scalar multiplication", Curve, G1Curve, G2Curve) {
  using J = JacobianPoint<Curve>;
  std::mt19937_64 rng(22);
  const J g = J::generator();
  CHECK(g.mul(Limbs<1>{0}).is_identity());
  CHECK(g.mul(Limbs<1>{1}) == g);
  CHECK(g.mul(Limbs<1>{5}) == g.doubled().doubled() + g);
  CHECK(g.mul(kFrParams.modulus).is_identity());  // r G = 0
  CHECK(g * -Fr::one() == -g);                    // (r - 1) G = -G
  for (int i = 0; i < 4; ++i) {
    const Fr a = Fr::random(rng);
    const Fr b = Fr::random(rng);
    CHECK(g * (a + b) == g * a + g * b);
    CHECK((g * a) * b == g * (a * b));
    CHECK((g * a).mul(kFrParams.modulus).is_identity());
  }
}

// The plainest reference: one doubling per bit from the top, one addition per set bit.
template <class Curve, std::size_t M>
JacobianPoint<Curve> double_and_add(const JacobianPoint<Curve>& p, const Limbs<M>& k) {
  JacobianPoint<Curve> acc = JacobianPoint<Curve>::identity();
  for (std::size_t i = 64 * M; i-- > 0;) {
    acc = acc.doubled();
    if (bigint::bit(k, i)) acc += p;
  }
  return acc;
}

TEST_CASE_TEMPLATE("wNAF multiplication equals double-and-add for every scalar shape", Curve,
                   G1Curve, G2Curve) {
  using J = JacobianPoint<Curve>;
  std::mt19937_64 rng(23);
  const J g = random_subgroup_point<Curve>(rng);
  const J off = J::from_affine(random_curve_point<Curve>(rng));  // not in the subgroup
  constexpr std::uint64_t kOnes = ~std::uint64_t{0};
  for (const J& p : {g, off}) {
    // Short scalars (width-2 NAF), including a top bit that carries past the last limb.
    for (const std::uint64_t k : {std::uint64_t{2}, std::uint64_t{3}, std::uint64_t{7}, kXAbs,
                                  kOnes, kOnes - 1, std::uint64_t{1} << 63}) {
      INFO("k=" << k);
      CHECK(p.mul(Limbs<1>{k}) == double_and_add(p, Limbs<1>{k}));
    }
    // Full-size scalars (width-5 NAF): all ones, alternating bits, random.
    std::vector<Limbs<4>> scalars = {
        {kOnes, kOnes, kOnes, kOnes},
        {0xaaaaaaaaaaaaaaaa, 0x5555555555555555, 0xaaaaaaaaaaaaaaaa, 1},
        {0, 0, 1, 0}};
    for (int i = 0; i < 3; ++i) scalars.push_back(Fr::random(rng).to_canonical());
    for (const auto& k : scalars) CHECK(p.mul(k) == double_and_add(p, k));
  }
}

TEST_CASE_TEMPLATE("constant-time multiplication equals the variable-time one", Curve, G1Curve,
                   G2Curve) {
  using J = JacobianPoint<Curve>;
  const std::uint64_t seed = 24;
  INFO("seed " << seed);
  std::mt19937_64 rng(seed);
  const J g = random_subgroup_point<Curve>(rng);
  const J off = rescaled(J::from_affine(random_curve_point<Curve>(rng)), rng);
  const Fr r_minus_1 = -Fr::one();
  for (const J& p : {g, off}) {
    CHECK(p.mul_constant_time(Fr::zero()).is_identity());
    CHECK(p.mul_constant_time(Fr::one()) == p);
    CHECK(p.mul_constant_time(Fr::from_u64(2)) == p.doubled());
    CHECK(p.mul_constant_time(Fr::from_u64(16)) == p.mul(Limbs<1>{16}));
    CHECK(p.mul_constant_time(Fr::from_u64(17)) == p.mul(Limbs<1>{17}));
    CHECK(p.mul_constant_time(r_minus_1) == p * r_minus_1);
    for (int i = 0; i < 4; ++i) {
      const Fr k = Fr::random(rng);
      CHECK(p.mul_constant_time(k) == p * k);
    }
  }
  CHECK(g.mul_constant_time(r_minus_1) == -g);
  CHECK(J::identity().mul_constant_time(Fr::random(rng)).is_identity());
  // A point (0, sqrt(b)) has order 3. With k = 0x14, the last window adds 4P to 16P, equal
  // points: only the doubling select gets 20P = 2P = -P right.
  if (const auto y = Curve::b().sqrt()) {
    const J three_torsion =
        J::from_affine(AffinePoint<Curve>::from_xy(typename Curve::Field{}, *y));
    REQUIRE(three_torsion.mul(Limbs<1>{3}).is_identity());
    CHECK(three_torsion.mul_constant_time(Fr::from_u64(0x14)) == -three_torsion);
    CHECK(three_torsion.mul_constant_time(Fr::from_u64(0x14)) == three_torsion.mul(Limbs<1>{0x14}));
  } else {
    CHECK(std::is_same_v<Curve, G2Curve>);  // 4 is a square in Fp; 4(u + 1) need not be in Fp2
  }
}

TEST_CASE_TEMPLATE("batch_to_affine equals one-by-one conversion, infinity included", Curve,
                   G1Curve, G2Curve) {
  using J = JacobianPoint<Curve>;
  using A = AffinePoint<Curve>;
  std::mt19937_64 rng(23);
  std::vector<J> points;
  for (int i = 0; i < 9; ++i) points.push_back(rescaled(random_subgroup_point<Curve>(rng), rng));
  points[0] = J::identity();
  points[4] = J::identity();
  std::vector<A> batch(points.size());
  batch_to_affine<Curve>(points, batch);
  for (std::size_t i = 0; i < points.size(); ++i) {
    INFO("index " << i);
    CHECK(batch[i] == points[i].to_affine());
    CHECK(batch[i].is_identity() == (i == 0 || i == 4));
  }
  std::vector<A> too_short(points.size() - 1);
  CHECK_THROWS(batch_to_affine<Curve>(points, too_short));
  std::vector<A> empty_out;
  batch_to_affine<Curve>(std::span<const J>{}, empty_out);  // no points: nothing to invert
}

TEST_CASE_TEMPLATE("on-curve and subgroup checks", Curve, G1Curve, G2Curve) {
  using A = AffinePoint<Curve>;
  std::mt19937_64 rng(24);
  int outside = 0;
  for (int i = 0; i < 6; ++i) {
    const A p = random_curve_point<Curve>(rng);
    CHECK(p.is_on_curve());
    const bool in = is_in_subgroup(p);
    CHECK(in == is_torsion_free_by_order(p));  // the endomorphism test agrees with r P = 0
    if (!in) ++outside;
    A tampered = p;
    tampered.y += Curve::Field::one();
    CHECK_FALSE(tampered.is_on_curve());
    CHECK_FALSE(JacobianPoint<Curve>::from_affine(tampered).is_on_curve());
  }
  CHECK(outside == 6);  // the cofactor is huge: a random curve point is never in the subgroup
  for (int i = 0; i < 4; ++i) {
    const A p = random_subgroup_point<Curve>(rng).to_affine();
    CHECK(is_in_subgroup(p));
    CHECK(is_torsion_free_by_order(p));
    CHECK(is_in_subgroup(-p));
  }
  CHECK(is_in_subgroup(A::identity()));
}

TEST_CASE("G2's psi acts as multiplication by x on the subgroup") {
  std::mt19937_64 rng(25);
  const G2Affine q = random_subgroup_point<G2Curve>(rng).to_affine();
  // psi^2 - t psi + p = 0 on E'; on G2 psi = x, so psi(psi(Q)) = x^2 Q.
  const G2Jacobian x2q = G2Jacobian::from_affine(q).mul(Limbs<1>{kXAbs}).mul(Limbs<1>{kXAbs});
  CHECK(G2Jacobian::from_affine(psi(psi(q))) == x2q);
  CHECK(psi(q).is_on_curve());
}
