// The optimal ate pairing: known answers from @noble/curves and algebraic identities.
#include <doctest/doctest.h>

#include <array>
#include <random>

#include "bls12_381/pairing.hpp"
#include "bls12_381/vector_parsing.hpp"

using namespace cuzk::bls12_381;
using cuzk::test::BlsVectors;
using cuzk::test::field_hex;
using cuzk::test::fp12_of;

TEST_CASE("pairings of generator multiples match noble") {
  const BlsVectors v("bls12_381_pairing.json");
  std::size_t cases = 0;
  for (auto c : v["pairings"].get_array()) {
    const Fr a = field_hex<Fr>(c["a"]);
    const Fr b = field_hex<Fr>(c["b"]);
    const G1Affine p = (G1Jacobian::generator() * a).to_affine();
    const G2Affine q = (G2Jacobian::generator() * b).to_affine();
    CHECK(pairing(p, q).value() == fp12_of(c["gt"]));
    ++cases;
  }
  CHECK(cases == 3);
}

TEST_CASE("bilinearity, non-degeneracy and order r") {
  std::mt19937_64 rng(41);
  const G1Affine g1 = G1Affine::generator();
  const G2Affine g2 = G2Affine::generator();
  const Gt base = pairing(g1, g2);
  CHECK_FALSE(base.is_identity());
  CHECK(base.pow(kFrParams.modulus).is_identity());  // e(P, Q)^r = 1
  for (int i = 0; i < 2; ++i) {
    const Fr a = Fr::random(rng);
    const Fr b = Fr::random(rng);
    const G1Affine ap = (G1Jacobian::generator() * a).to_affine();
    const G2Affine bq = (G2Jacobian::generator() * b).to_affine();
    CHECK(pairing(ap, bq) == base.pow(a * b));
    CHECK(pairing(ap, g2) == pairing(g1, (G2Jacobian::generator() * a).to_affine()));
    CHECK(pairing(-ap, bq) == pairing(ap, bq).inverse());
  }
  CHECK(pairing(G1Affine::identity(), g2).is_identity());
  CHECK(pairing(g1, G2Affine::identity()).is_identity());
}

TEST_CASE("the multi-Miller loop equals the product of single pairings") {
  std::mt19937_64 rng(42);
  std::array<G1Affine, 4> ps;
  std::array<G2Affine, 4> qs;
  for (std::size_t i = 0; i < 4; ++i) {
    ps[i] = (G1Jacobian::generator() * Fr::random(rng)).to_affine();
    qs[i] = (G2Jacobian::generator() * Fr::random(rng)).to_affine();
  }
  ps[2] = G1Affine::identity();  // contributes 1
  const std::array<G2Prepared, 4> prepared{G2Prepared(qs[0]), G2Prepared(qs[1]), G2Prepared(qs[2]),
                                           G2Prepared(qs[3])};
  const std::array<PairingTerm, 4> terms{
      PairingTerm{ps[0], prepared[0]}, PairingTerm{ps[1], prepared[1]},
      PairingTerm{ps[2], prepared[2]}, PairingTerm{ps[3], prepared[3]}};
  Gt product = Gt::identity();
  for (std::size_t i = 0; i < 4; ++i) product *= pairing(ps[i], qs[i]);
  CHECK(final_exponentiation(multi_miller_loop(terms)) == product);
  CHECK(final_exponentiation(multi_miller_loop({})).is_identity());

  // A Groth16-style check: e(aP, bQ) * e(-abP, Q) = 1.
  const Fr a = Fr::random(rng);
  const Fr b = Fr::random(rng);
  const G2Prepared bq((G2Jacobian::generator() * b).to_affine());
  const G2Prepared q(G2Affine::generator());
  const std::array<PairingTerm, 2> check{
      PairingTerm{(G1Jacobian::generator() * a).to_affine(), bq},
      PairingTerm{(-(G1Jacobian::generator() * (a * b))).to_affine(), q}};
  CHECK(final_exponentiation(multi_miller_loop(check)).is_identity());
}

TEST_CASE("G2Prepared has 68 lines, none at infinity") {
  CHECK(G2Prepared(G2Affine::generator()).lines().size() == 68);
  CHECK(G2Prepared(G2Affine::identity()).is_identity());
}
