// ShapeCS's recorder and coefficient table: coefficients get their ids in order of first
// appearance, 1 and -1 being 0 and 1 and zero terms being dropped.
#include "circuit/shape_cs.hpp"

#include <doctest/doctest.h>

#include <random>
#include <vector>

using namespace cuzk::circuit;

TEST_CASE("coefficient ids: 1 and -1 first, then in order of first appearance; zero dropped") {
  CoefficientTable table;
  CHECK(table.id_of(Fr::one()) == CoefficientTable::kOne);
  CHECK(table.id_of(-Fr::one()) == CoefficientTable::kMinusOne);
  CHECK(table.id_of(Fr{}) == CoefficientTable::kDropped);
  // Shares 1's first Montgomery limb: must not be taken for 1.
  auto limbs = Fr::one().montgomery_limbs();
  ++limbs[1];
  const Fr near_one = Fr::from_montgomery_limbs(limbs);
  REQUIRE(near_one != Fr::one());
  CHECK(table.id_of(near_one) == 2);

  std::mt19937_64 rng(9);
  std::vector<Fr> values = {Fr::one(), -Fr::one(), near_one};
  for (int i = 0; i < 1000; ++i) values.push_back(Fr::random(rng));
  // Two rounds: the table grows (rehashes) during the first, and ids stay.
  for (int round = 0; round < 2; ++round) {
    INFO("round " << round);
    std::size_t wrong = 0;
    for (std::size_t k = 0; k < values.size(); ++k) wrong += table.id_of(values[k]) != k;
    CHECK(wrong == 0);
  }
  REQUIRE(table.size() == values.size());
  CHECK(std::vector<Fr>(table.values().begin(), table.values().end()) == values);
}

TEST_CASE("ShapeCS drops terms whose coefficients cancel, normalized or not") {
  ShapeCS cs;
  const Variable a = cs.alloc("a", [] { return Fr{}; });
  const Variable b = cs.alloc("b", [] { return Fr{}; });
  LinearCombination cancelled(a);
  cancelled.sub(a).add(b, Fr::from_u64(3));  // 0·a + 3b, normalized
  REQUIRE(cancelled.is_normalized());
  LinearCombination unsorted;  // b - 2b + ... + a - a, built out of order past the scan limit
  for (std::size_t i = 0; i < LinearCombination::kMaxScanTerms; ++i) {
    unsorted.add(cs.alloc("x", [] { return Fr{}; }));
  }
  unsorted.add(b).add(a).sub(b).sub(a);
  REQUIRE(!unsorted.is_normalized());
  cs.enforce("row", cancelled, unsorted, LinearCombination());
  const CompactR1cs r = std::move(cs).take_rows();
  REQUIRE(r.size.num_constraints == 1);
  CHECK(r.a.column == IndexVector{column_of(b)});
  CHECK(r.coefficients[r.a.coeff[0]] == Fr::from_u64(3));
  // a and b cancel in B; the other 16 variables remain, in order, each with 1.
  REQUIRE(r.b.nonzeros() == LinearCombination::kMaxScanTerms);
  for (std::size_t k = 0; k < r.b.nonzeros(); ++k) {
    CHECK(r.b.column[k] == column_of(Variable::aux(2 + k)));
    CHECK(r.b.coeff[k] == CoefficientTable::kOne);
  }
  CHECK(r.c.nonzeros() == 0);
  CHECK(r.a.row_start == IndexVector{0, 1});
}
