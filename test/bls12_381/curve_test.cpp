// G1 and G2 group law, scalar multiplication, batch conversion and subgroup checks; one template
// test per property, run for both groups.
#include <doctest/doctest.h>

#include <random>
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
