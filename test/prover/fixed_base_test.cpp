#include "prover/setup/fixed_base.hpp"

#include <doctest/doctest.h>

#include <random>
#include <vector>

#include "bls12_381/g1.hpp"
#include "bls12_381/g2.hpp"

namespace {

using cuzk::bls12_381::Fr;

// Scalars that exercise every table edge: zero (infinity out), one, digits of 0 and 2^16 - 1 in
// every window, r - 1 (the top window's largest digit), a repeated scalar (equal accumulators),
// then random ones.
std::vector<Fr> edge_and_random_scalars(std::size_t random_count, std::mt19937_64& rng) {
  std::vector<Fr> s = {Fr::zero(),
                       Fr::one(),
                       Fr::from_u64(2),
                       Fr::from_u64(0xffff),
                       Fr::from_u64(0x10000),
                       Fr::from_u64(0xffff0000ffff),
                       -Fr::one(),
                       -Fr::from_u64(2),
                       Fr::from_u64(7),
                       Fr::from_u64(7)};
  for (std::size_t i = 0; i < random_count; ++i) s.push_back(Fr::random(rng));
  return s;
}

template <class Curve>
void check_against_scalar_multiplication(std::size_t random_count, std::uint64_t seed) {
  using Jacobian = cuzk::bls12_381::JacobianPoint<Curve>;
  std::mt19937_64 rng(seed);
  const Jacobian base = Jacobian::generator() * Fr::random(rng);
  const cuzk::prover::FixedBaseTable<Curve> table(base);
  const auto scalars = edge_and_random_scalars(random_count, rng);
  const auto all = table.mul_all(scalars);
  REQUIRE(all.size() == scalars.size());
  for (std::size_t i = 0; i < scalars.size(); ++i) {
    INFO("scalar " << i << " = " << scalars[i].to_hex());
    const Jacobian expected = base * scalars[i];
    CHECK(expected == all[i]);
    CHECK(expected == table.mul(scalars[i]));
  }
  CHECK(all[0].is_identity());
}

}  // namespace

TEST_CASE("fixed-base multiples equal scalar multiplication in G1") {
  // 3000 scalars span two accumulator chunks of mul_all.
  check_against_scalar_multiplication<cuzk::bls12_381::G1Curve>(3000, 1);
}

TEST_CASE("fixed-base multiples equal scalar multiplication in G2") {
  check_against_scalar_multiplication<cuzk::bls12_381::G2Curve>(100, 2);
}
