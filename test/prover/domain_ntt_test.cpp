#include "prover/ntt.hpp"

#include <doctest/doctest.h>

#include <random>
#include <vector>

#include "prover/evaluation_domain.hpp"
#include "prover/quotient.hpp"

namespace {

using cuzk::bls12_381::Fr;
using cuzk::prover::Direction;
using cuzk::prover::EvaluationDomain;

std::vector<Fr> random_values(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Fr> v(n);
  for (auto& x : v) x = Fr::random(rng);
  return v;
}

// Horner evaluation of the polynomial with these coefficients.
Fr evaluate(const std::vector<Fr>& coeffs, const Fr& x) {
  Fr acc{};
  for (auto it = coeffs.rbegin(); it != coeffs.rend(); ++it) acc = acc * x + *it;
  return acc;
}

}  // namespace

TEST_CASE("domain: the 2^32 root of unity is blstrs' ROOT_OF_UNITY and omega has order m") {
  // The published value of 7^t for BLS12-381's scalar field (blstrs, zkcrypto bls12_381).
  CHECK(Fr::two_adic_root_of_unity().to_hex() ==
        "16a2a19edfe81f20d09b681922c813b4b63683508c2280b93829971f439f0d2b");
  for (std::uint32_t log = 1; log <= 20; ++log) {
    INFO("log m = " << log);
    const auto d = EvaluationDomain::of_log_size(log);
    CHECK(d.omega().pow(std::uint64_t{1} << (log - 1)) == -Fr::one());  // primitive
    CHECK(d.omega() * d.omega_inverse() == Fr::one());
    CHECK(d.size_inverse() * Fr::from_u64(d.size()) == Fr::one());
  }
}

TEST_CASE("domain: sizes follow bellperson's next power of two") {
  CHECK(EvaluationDomain::for_points(0).size() == 1);
  CHECK(EvaluationDomain::for_points(1).size() == 1);
  CHECK(EvaluationDomain::for_points(2).size() == 2);
  CHECK(EvaluationDomain::for_points(3).size() == 4);
  CHECK(EvaluationDomain::for_points(1024).size() == 1024);
  CHECK(EvaluationDomain::for_points(1025).size() == 2048);
  // 130,278,869 constraints of a 32 GiB partition need 2^27.
  CHECK(EvaluationDomain::for_points(130'278'869).log_size() == 27);
  CHECK_THROWS(EvaluationDomain::for_points((std::size_t{1} << 31) + 1));
  const auto d = EvaluationDomain::of_log_size(5);
  CHECK(d.vanishing_at(d.omega().pow(std::uint64_t{3})).is_zero());
  CHECK(d.vanishing_on_coset_inverse() * (Fr::from_u64(7).pow(std::uint64_t{32}) - Fr::one()) ==
        Fr::one());
}

TEST_CASE("ntt equals the naive DFT at small sizes") {
  for (std::uint32_t log = 0; log <= 7; ++log) {
    INFO("log m = " << log);
    const auto d = EvaluationDomain::of_log_size(log);
    const auto coeffs = random_values(d.size(), 100 + log);
    auto v = coeffs;
    cuzk::prover::ntt(v, d, Direction::kForward);
    Fr x = Fr::one();
    for (std::size_t i = 0; i < d.size(); ++i, x *= d.omega()) {
      CHECK(v[i] == evaluate(coeffs, x));
    }
  }
}

TEST_CASE("ntt and coset ntt evaluate the polynomial beyond the cache-block size") {
  // 2^14 > 2^12: both the blocked and the global stages run.
  const auto d = EvaluationDomain::of_log_size(14);
  const auto coeffs = random_values(d.size(), 7);
  auto plain = coeffs;
  cuzk::prover::ntt(plain, d, Direction::kForward);
  auto coset = coeffs;
  cuzk::prover::coset_ntt(coset, d);
  const Fr g = EvaluationDomain::coset_generator();
  for (std::size_t i : {std::size_t{0}, std::size_t{1}, std::size_t{4095}, std::size_t{4096},
                        std::size_t{8191}, std::size_t{12345}, d.size() - 1}) {
    INFO("index " << i);
    const Fr x = d.omega().pow(static_cast<std::uint64_t>(i));
    CHECK(plain[i] == evaluate(coeffs, x));
    CHECK(coset[i] == evaluate(coeffs, g * x));
  }
}

TEST_CASE("ntt round trips") {
  for (std::uint32_t log : {0u, 1u, 3u, 11u, 12u, 13u, 15u}) {
    INFO("log m = " << log);
    const auto d = EvaluationDomain::of_log_size(log);
    const auto original = random_values(d.size(), log);
    auto v = original;
    cuzk::prover::ntt(v, d, Direction::kForward);
    if (log > 1) CHECK(v != original);
    cuzk::prover::ntt(v, d, Direction::kInverse);
    CHECK(v == original);
    cuzk::prover::ntt(v, d, Direction::kInverse);
    cuzk::prover::ntt(v, d, Direction::kForward);
    CHECK(v == original);
    cuzk::prover::coset_ntt(v, d);
    cuzk::prover::coset_intt(v, d);
    CHECK(v == original);
    cuzk::prover::coset_intt(v, d);
    cuzk::prover::coset_ntt(v, d);
    CHECK(v == original);
  }
}

TEST_CASE("ntt multiplies polynomials (bellperson's polynomial_arith check)") {
  for (std::size_t na : {0u, 1u, 5u, 33u}) {
    for (std::size_t nb : {1u, 7u, 31u}) {
      auto a = random_values(na, 10 * na + nb);
      auto b = random_values(nb, 20 * na + nb);
      std::vector<Fr> naive(na + nb, Fr::zero());
      for (std::size_t i = 0; i < na; ++i)
        for (std::size_t j = 0; j < nb; ++j) naive[i + j] += a[i] * b[j];
      const auto d = EvaluationDomain::for_points(na + nb);
      a.resize(d.size(), Fr::zero());
      b.resize(d.size(), Fr::zero());
      cuzk::prover::ntt(a, d, Direction::kForward);
      cuzk::prover::ntt(b, d, Direction::kForward);
      for (std::size_t i = 0; i < d.size(); ++i) a[i] *= b[i];
      cuzk::prover::ntt(a, d, Direction::kInverse);
      for (std::size_t i = 0; i < naive.size(); ++i) CHECK(a[i] == naive[i]);
      for (std::size_t i = naive.size(); i < d.size(); ++i) CHECK(a[i].is_zero());
    }
  }
}

TEST_CASE("quotient: H * Z = A * B - C for a satisfied system, and not otherwise") {
  for (std::size_t constraints : {3u, 8u, 100u, 5000u}) {
    INFO("constraints " << constraints);
    auto a = random_values(constraints, constraints);
    auto b = random_values(constraints, constraints + 1);
    std::vector<Fr> c(constraints);
    for (std::size_t i = 0; i < constraints; ++i) c[i] = a[i] * b[i];
    const auto d = EvaluationDomain::for_points(constraints);

    // Direct polynomial arithmetic: interpolate A, B, C and check the identity at a random point.
    auto interpolate = [&](std::vector<Fr> v) {
      v.resize(d.size(), Fr::zero());
      cuzk::prover::ntt(v, d, Direction::kInverse);
      return v;
    };
    const auto pa = interpolate(a), pb = interpolate(b), pc = interpolate(c);
    const auto h = cuzk::prover::quotient_coefficients(a, b, c);
    REQUIRE(h.size() == d.size() - 1);
    std::mt19937_64 rng(99);
    const Fr x = Fr::random(rng);
    CHECK(evaluate(h, x) * d.vanishing_at(x) ==
          evaluate(pa, x) * evaluate(pb, x) - evaluate(pc, x));

    // One wrong C value: A*B - C is no longer divisible by Z.
    c[constraints / 2] += Fr::one();
    const auto pc_bad = interpolate(c);
    const auto h_bad = cuzk::prover::quotient_coefficients(a, b, c);
    CHECK(evaluate(h_bad, x) * d.vanishing_at(x) !=
          evaluate(pa, x) * evaluate(pb, x) - evaluate(pc_bad, x));
  }
}
