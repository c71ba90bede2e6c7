// Fp, Fr, Fp2, Fp6, Fp12: known answers from @noble/curves, round trips and identities.
#include <doctest/doctest.h>

#include <random>

#include "bls12_381/fp12.hpp"
#include "bls12_381/frobenius_constants.hpp"
#include "bls12_381/vector_parsing.hpp"

using namespace cuzk::bls12_381;
using cuzk::test::BlsVectors;
using cuzk::test::field_hex;
using cuzk::test::fp12_of;
using cuzk::test::fp2_of;

TEST_CASE("Fp and Fr arithmetic matches noble") {
  const BlsVectors v("bls12_381_fields.json");
  std::size_t fp_cases = 0;
  for (auto c : v["fp"].get_array()) {
    const Fp a = field_hex<Fp>(c["a"]);
    const Fp b = field_hex<Fp>(c["b"]);
    CHECK(a + b == field_hex<Fp>(c["add"]));
    CHECK(a - b == field_hex<Fp>(c["sub"]));
    CHECK(a * b == field_hex<Fp>(c["mul"]));
    CHECK(a.inverse() == field_hex<Fp>(c["inv_a"]));
    const auto root = a.sqrt();
    CHECK(root.has_value() == !c["sqrt_a"].is_null());
    if (root) CHECK((*root == field_hex<Fp>(c["sqrt_a"]) || -*root == field_hex<Fp>(c["sqrt_a"])));
    ++fp_cases;
  }
  CHECK(fp_cases == 8);
  std::size_t fr_cases = 0;
  for (auto c : v["fr"].get_array()) {
    const Fr a = field_hex<Fr>(c["a"]);
    const Fr b = field_hex<Fr>(c["b"]);
    CHECK(a + b == field_hex<Fr>(c["add"]));
    CHECK(a - b == field_hex<Fr>(c["sub"]));
    CHECK(a * b == field_hex<Fr>(c["mul"]));
    CHECK(a.inverse() == field_hex<Fr>(c["inv_a"]));
    ++fr_cases;
  }
  CHECK(fr_cases == 8);
}

TEST_CASE("Fp2 arithmetic and square roots match noble") {
  const BlsVectors v("bls12_381_fields.json");
  std::size_t squares = 0, cases = 0;
  for (auto c : v["fp2"].get_array()) {
    const Fp2 a = fp2_of(c["a"]);
    const Fp2 b = fp2_of(c["b"]);
    CHECK(a * b == fp2_of(c["mul"]));
    CHECK(a.square() == fp2_of(c["square_a"]));
    CHECK(a.inverse() == fp2_of(c["inv_a"]));
    const Fp2 s = fp2_of(c["s"]);
    const auto root = s.sqrt();
    CHECK(root.has_value() == !c["sqrt_s"].is_null());
    CHECK(s.legendre() == (root ? 1 : -1));
    if (root) {
      const Fp2 expected = fp2_of(c["sqrt_s"]);
      CHECK((*root == expected || -*root == expected));
      ++squares;
    }
    ++cases;
  }
  CHECK(cases == 8);
  CHECK(squares >= 4);  // half are squares by construction
}

TEST_CASE("Fp12 multiplication, inverse and Frobenius match noble") {
  const BlsVectors v("bls12_381_fields.json");
  std::size_t cases = 0;
  for (auto c : v["fp12"].get_array()) {
    const Fp12 a = fp12_of(c["a"]);
    const Fp12 b = fp12_of(c["b"]);
    CHECK(a * b == fp12_of(c["mul"]));
    CHECK(a.inverse() == fp12_of(c["inv_a"]));
    CHECK(a.frobenius(1) == fp12_of(c["frobenius1_a"]));
    CHECK(a.frobenius(2) == fp12_of(c["frobenius2_a"]));
    ++cases;
  }
  CHECK(cases == 3);
}

TEST_CASE("the Frobenius constant is the published one") {
  // xi^((p-1)/6), the constant zkcrypto and arkworks list first in their Fp12 Frobenius table.
  const Fp2 gamma = frobenius_constants().gamma[1];
  CHECK(gamma.c0.to_hex() ==
        "1904d3bf02bb0667c231beb4202c0d1f0fd603fd3cbd5f4f7b2443d784bab9c4f67ea53d63e7813d8d0775ed92"
        "235f"
        "b8");
  CHECK(gamma.c1.to_hex() ==
        "00fc3e2b36c4e03288e9e902231f9fb854a14787b6c7b36fec0c8ec971f63c5f282d5ac14d6c7ec22cf78a126d"
        "dc4a"
        "f3");
  // gamma^6 = xi^(p-1) = conj(xi) / xi.
  const Fp2 xi = Fp2::one().mul_by_nonresidue();
  CHECK(gamma.pow(Limbs<1>{6}) == xi.conjugate() * xi.inverse());
}

TEST_CASE_TEMPLATE("inverse round trip", F, Fp2, Fp6, Fp12) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 20; ++i) {
    const F x = F::random(rng);
    CHECK(x * x.inverse() == F::one());
  }
  CHECK(F::zero().inverse() == F::zero());
}

TEST_CASE("Fp2 square roots round trip; non-squares have none") {
  std::mt19937_64 rng(12);
  int non_squares = 0;
  for (int i = 0; i < 40; ++i) {
    const Fp2 x = Fp2::random(rng);
    const auto root = x.square().sqrt();
    REQUIRE(root.has_value());
    CHECK(root->square() == x.square());
    if (x.legendre() == -1) {
      CHECK_FALSE(x.sqrt().has_value());
      ++non_squares;
    }
  }
  CHECK(non_squares > 5);
  CHECK(Fp2::zero().sqrt() == Fp2::zero());
  // -1 = u^2 is a square in Fp2 though not in Fp.
  CHECK(((-Fp2::one()).sqrt()->square() == -Fp2::one()));
}

TEST_CASE("Fp6 and Fp12 squaring, sparse products and Frobenius agree with the general forms") {
  std::mt19937_64 rng(13);
  for (int i = 0; i < 10; ++i) {
    const Fp6 a = Fp6::random(rng);
    CHECK(a.square() == a * a);
    const Fp2 b0 = Fp2::random(rng), b1 = Fp2::random(rng), b4 = Fp2::random(rng);
    CHECK(a.mul_by_01(b0, b1) == a * Fp6{b0, b1, Fp2::zero()});
    CHECK(a.mul_by_1(b1) == a * Fp6{Fp2::zero(), b1, Fp2::zero()});
    CHECK(a.mul_by_nonresidue() == a * Fp6{Fp2::zero(), Fp2::one(), Fp2::zero()});

    const Fp12 f = Fp12::random(rng);
    CHECK(f.square() == f * f);
    const Fp12 line{Fp6{b0, b1, Fp2::zero()}, Fp6{Fp2::zero(), b4, Fp2::zero()}};
    CHECK(f.mul_by_014(b0, b1, b4) == f * line);
    // Frobenius is a ring map and has order 12; p^6 is conjugation.
    CHECK((f * f.conjugate()).frobenius(1) == f.frobenius(1) * f.conjugate().frobenius(1));
    CHECK(f.frobenius(12) == f);
    CHECK(f.frobenius(6) == f.conjugate());
  }
}

TEST_CASE("cyclotomic squaring equals squaring on the cyclotomic subgroup") {
  std::mt19937_64 rng(14);
  for (int i = 0; i < 10; ++i) {
    const Fp12 f = Fp12::random(rng);
    const Fp12 t = f.conjugate() * f.inverse();  // f^(p^6 - 1)
    const Fp12 m = t.frobenius(2) * t;           // then ^(p^2 + 1)
    CHECK(m.cyclotomic_square() == m.square());
    CHECK(m * m.conjugate() == Fp12::one());  // norm 1: the conjugate is the inverse
  }
}

TEST_CASE("Fp2 lexicographic sign: c1 decides unless it is zero") {
  const Fp big = -Fp::one();  // p - 1 > (p-1)/2
  const Fp small = Fp::one();
  CHECK(Fp2{small, big}.is_lexicographically_largest());
  CHECK_FALSE(Fp2{big, small}.is_lexicographically_largest());
  CHECK(Fp2{big, Fp::zero()}.is_lexicographically_largest());
  CHECK_FALSE(Fp2{small, Fp::zero()}.is_lexicographically_largest());
  CHECK_FALSE(Fp2::zero().is_lexicographically_largest());
  std::mt19937_64 rng(15);
  for (int i = 0; i < 10; ++i) {  // exactly one of y, -y is the larger for y != 0
    const Fp2 y = Fp2::random(rng);
    CHECK(y.is_lexicographically_largest() != (-y).is_lexicographically_largest());
  }
}
