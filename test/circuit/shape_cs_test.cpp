// ShapeCS's recorder and coefficient table: what is recorded does not depend on the room reserved
// beforehand (none, too little, exactly, too much, or reserved midway), and coefficients get their
// ids in order of first appearance, 1 and -1 being 0 and 1 and zero terms being dropped.
#include "circuit/shape_cs.hpp"

#include <doctest/doctest.h>

#include <random>
#include <vector>

#include "circuit/counting_cs.hpp"
#include "circuit/gadgets/num.hpp"
#include "circuit/gadgets/sha256.hpp"

using namespace cuzk::circuit;

namespace {

// SHA-256 of 100 bytes (unnormalized packing combinations, ±2^k coefficients), then a number's
// bits: `first` runs the first half, `second` the rest.
struct Gadgets {
  std::vector<std::uint8_t> msg;
  Fr x;

  explicit Gadgets(std::uint64_t seed) : msg(100) {
    std::mt19937_64 rng(seed);
    for (auto& b : msg) b = static_cast<std::uint8_t>(rng());
    x = Fr::random(rng);
  }
  template <class CS>
  void first(CS& cs) const {
    std::vector<Boolean> bits;
    for (std::size_t i = 0; i < 8 * msg.size(); ++i) {
      bits.push_back(AllocatedBit::alloc(cs, ((msg[i / 8] >> (7 - i % 8)) & 1) != 0));
    }
    sha256(cs, std::span<const Boolean>(bits));
  }
  template <class CS>
  void second(CS& cs) const {
    const AllocatedNum n = AllocatedNum::alloc(cs, x);
    n.square(cs).inputize(cs);
    n.to_bits_le(cs);
  }
};

void check_same(const CompactR1cs& got, const CompactR1cs& expected) {
  CHECK(got.size == expected.size);
  for (const auto& [g, e] : {std::pair{&got.a, &expected.a}, std::pair{&got.b, &expected.b},
                             std::pair{&got.c, &expected.c}}) {
    CHECK(g->row_start == e->row_start);
    CHECK(g->column == e->column);
    CHECK(g->coeff == e->coeff);
  }
  CHECK(got.coefficients == expected.coefficients);
}

}  // namespace

TEST_CASE("a recording does not depend on the room reserved for it") {
  const Gadgets g(3);
  CountingCS counting;
  g.first(counting);
  g.second(counting);
  const std::size_t rows = counting.num_constraints();
  const std::array<std::size_t, 3> nonzeros = {counting.nonzeros_a(), counting.nonzeros_b(),
                                               counting.nonzeros_c()};

  ShapeCS plain;
  g.first(plain);
  g.second(plain);
  CHECK(plain.nonzeros_a() == nonzeros[0]);
  CHECK(plain.nonzeros_b() == nonzeros[1]);
  CHECK(plain.nonzeros_c() == nonzeros[2]);
  const CompactR1cs expected = std::move(plain).take_rows();
  REQUIRE(expected.size.num_constraints == rows);
  // SHA-256 packs bits with ±2^k: more than the table's first 64 slots hold.
  CHECK(expected.coefficients.size() > 64);

  const auto record = [&](std::size_t reserve_rows, std::array<std::size_t, 3> reserve_nonzeros,
                          bool midway) {
    ShapeCS cs;
    if (!midway) cs.reserve(reserve_rows, reserve_nonzeros);
    g.first(cs);
    // Reserving after rows are written keeps them (only the room past them is faulted in).
    if (midway) cs.reserve(reserve_rows, reserve_nonzeros);
    g.second(cs);
    return std::move(cs).take_rows();
  };
  SUBCASE("exactly") { check_same(record(rows, nonzeros, false), expected); }
  SUBCASE("too little") { check_same(record(10, {5, 5, 5}, false), expected); }
  SUBCASE("too much") {
    check_same(record(3 * rows, {3 * nonzeros[0], 3 * nonzeros[1], 3 * nonzeros[2]}, false),
               expected);
  }
  SUBCASE("midway, more than the arrays hold by then") {
    check_same(record(3 * rows, {3 * nonzeros[0], 3 * nonzeros[1], 3 * nonzeros[2]}, true),
               expected);
  }
}

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
