#include "circuit/linear_combination.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <random>
#include <vector>

using cuzk::circuit::Fr;
using cuzk::circuit::LinearCombination;
using cuzk::circuit::Term;
using cuzk::circuit::Variable;

namespace {

std::vector<std::pair<std::uint64_t, Fr>> as_pairs(const LinearCombination& lc) {
  std::vector<std::pair<std::uint64_t, Fr>> out;
  for (const Term& t : lc.terms()) out.emplace_back(t.var.code(), t.coeff);
  return out;
}

}  // namespace

TEST_CASE("adding a variable twice merges its coefficients (bellpepper's a + a = 2a)") {
  const Variable a = Variable::aux(3);
  LinearCombination lc;
  lc.add(a).add(a);
  REQUIRE(lc.size() == 1);
  CHECK(lc.terms()[0].coeff == Fr::from_u64(2));
  CHECK(lc.is_normalized());
}

TEST_CASE("a coefficient that cancels stays in the combination with value zero") {
  // 1 - (1 - v): bellpepper keeps ONE with coefficient 0.
  const Variable v = Variable::aux(0);
  LinearCombination inner(Variable::one());
  inner.sub(v);
  LinearCombination lc(Variable::one());
  lc.sub(inner);
  REQUIRE(lc.size() == 2);
  CHECK(lc.terms()[0].var == Variable::one());
  CHECK(lc.terms()[0].coeff.is_zero());
  CHECK(lc.terms()[1].coeff == Fr::one());
}

TEST_CASE("terms are kept sorted: inputs by index, then aux by index") {
  LinearCombination lc;
  lc.add(Variable::aux(5)).add(Variable::input(2)).add(Variable::aux(1)).add(Variable::one());
  REQUIRE(lc.is_normalized());
  const auto p = as_pairs(lc);
  REQUIRE(p.size() == 4);
  CHECK(p[0].first == Variable::input(0).code());
  CHECK(p[1].first == Variable::input(2).code());
  CHECK(p[2].first == Variable::aux(1).code());
  CHECK(p[3].first == Variable::aux(5).code());
}

TEST_CASE("large combinations built out of order normalize to the eagerly merged map") {
  // Reference: a map built by merging every term as it arrives (bellpepper's Indexer).
  std::mt19937_64 rng(11);
  for (int round = 0; round < 20; ++round) {
    INFO("round " << round);
    LinearCombination lc;
    std::vector<std::pair<std::uint64_t, Fr>> ref;  // sorted map
    const int n = 1 + static_cast<int>(rng() % 300);
    for (int i = 0; i < n; ++i) {
      const std::size_t idx = rng() % 40;
      const Variable v = (rng() % 4 == 0) ? Variable::input(idx) : Variable::aux(idx);
      Fr c = (rng() % 3 == 0) ? -Fr::one() : Fr::from_u64(rng() % 5);
      lc.add(v, c);
      auto it = std::lower_bound(ref.begin(), ref.end(), v.code(),
                                 [](const auto& e, std::uint64_t k) { return e.first < k; });
      if (it != ref.end() && it->first == v.code()) {
        it->second += c;
      } else {
        ref.insert(it, {v.code(), c});
      }
    }
    LinearCombination copy = lc;
    copy.normalize();
    CHECK(copy.is_normalized());
    CHECK(as_pairs(copy) == ref);
  }
}

TEST_CASE("combinations made of sorted runs normalize to the eagerly merged map") {
  // In place (normalize) and into another combination (normalize_into). The shapes gadgets leave
  // unnormalized: one run of variables repeated (Poseidon's rows), runs
  // that do not overlap in either order (SHA-256's packed words), runs that interleave, with
  // coefficients that cancel. Reference: a std::map merged term by term.
  std::mt19937_64 rng(23);
  for (int round = 0; round < 200; ++round) {
    INFO("round " << round);
    LinearCombination lc;
    std::map<std::uint64_t, Fr> ref;
    const int runs = 1 + static_cast<int>(rng() % 40);
    for (int r = 0; r < runs; ++r) {
      const std::size_t start = rng() % 4 == 0 ? 0 : rng() % 500;
      const std::size_t stride = 1 + rng() % 4;
      const std::size_t length = 1 + rng() % 64;
      const bool input = rng() % 10 == 0;
      for (std::size_t k = 0; k < length; ++k) {
        const Variable v =
            input ? Variable::input(start + k * stride) : Variable::aux(start + k * stride);
        const Fr c = rng() % 3 == 0 ? -Fr::one() : Fr::from_u64(rng() % 4);
        lc.add(v, c);
        ref[v.code()] += c;
      }
    }
    const std::vector<std::pair<std::uint64_t, Fr>> expected(ref.begin(), ref.end());
    // normalize_into leaves its source as it was.
    const auto before = as_pairs(lc);
    LinearCombination into(Variable::aux(7));  // whatever it held is replaced
    lc.normalize_into(into);
    CHECK(into.is_normalized());
    CHECK(as_pairs(into) == expected);
    CHECK(as_pairs(lc) == before);
    LinearCombination copy = lc;
    copy.normalize();
    CHECK(copy.is_normalized());
    CHECK(as_pairs(copy) == expected);
    copy.normalize();  // idempotent
    CHECK(as_pairs(copy) == expected);
    // The normalized combination keeps working as one: adding to it merges in place.
    copy.add(Variable::aux(0), Fr::one());
    ref[Variable::aux(0).code()] += Fr::one();
    copy.normalize();
    CHECK(as_pairs(copy) == std::vector<std::pair<std::uint64_t, Fr>>(ref.begin(), ref.end()));
  }
}

TEST_CASE("evaluation is the sum of coefficient times value, before and after normalization") {
  std::mt19937_64 rng(5);
  std::vector<Fr> inputs = {Fr::one(), Fr::random(rng), Fr::random(rng)};
  std::vector<Fr> aux;
  for (int i = 0; i < 50; ++i) aux.push_back(i % 3 == 0 ? Fr::random(rng) : Fr::from_u64(i % 2));
  LinearCombination lc;
  Fr expected;
  for (int i = 0; i < 200; ++i) {
    const bool input = rng() % 5 == 0;
    const std::size_t idx = input ? rng() % inputs.size() : rng() % aux.size();
    const Variable v = input ? Variable::input(idx) : Variable::aux(idx);
    const int kind = static_cast<int>(rng() % 4);
    const Fr c = kind == 0   ? Fr::one()
                 : kind == 1 ? -Fr::one()
                 : kind == 2 ? Fr{}
                             : Fr::random(rng);
    lc.add(v, c);
    expected += c * (input ? inputs[idx] : aux[idx]);
  }
  CHECK(lc.evaluate(inputs, aux) == expected);
  lc.normalize();
  CHECK(lc.evaluate(inputs, aux) == expected);
}

TEST_CASE("copies and moves keep the terms, inline and on the heap") {
  LinearCombination small(Variable::aux(1), Fr::from_u64(7));
  LinearCombination big;
  for (std::size_t i = 0; i < 100; ++i) big.add(Variable::aux(i), Fr::from_u64(i + 1));
  LinearCombination small_copy = small, big_copy = big;
  LinearCombination small_moved = std::move(small), big_moved = std::move(big);
  CHECK(as_pairs(small_copy) == as_pairs(small_moved));
  CHECK(as_pairs(big_copy) == as_pairs(big_moved));
  CHECK(big_moved.size() == 100);
  big_copy = small_copy;
  CHECK(as_pairs(big_copy) == as_pairs(small_moved));
  small_copy = std::move(big_moved);
  CHECK(small_copy.size() == 100);
  CHECK(small_copy.terms()[99].coeff == Fr::from_u64(100));
}

TEST_CASE("scaled addition and scaling multiply every coefficient") {
  LinearCombination x;
  x.add(Variable::aux(0), Fr::from_u64(3)).add(Variable::input(1), Fr::from_u64(4));
  LinearCombination y(Variable::aux(0));
  y.add_scaled(Fr::from_u64(5), x);  // aux0: 1 + 15, input1: 20
  const auto p = as_pairs(y);
  REQUIRE(p.size() == 2);
  CHECK(p[0].second == Fr::from_u64(20));
  CHECK(p[1].second == Fr::from_u64(16));
  y.scale(Fr::from_u64(2));
  CHECK(as_pairs(y)[1].second == Fr::from_u64(32));
}

TEST_CASE("merge_repeats gives the normalized terms, in first-occurrence order") {
  std::mt19937_64 rng(13);
  std::vector<std::uint32_t> scratch;
  for (int round = 0; round < 20; ++round) {
    INFO("round " << round);
    LinearCombination lc;
    const int n = 1 + static_cast<int>(rng() % 2000);
    for (int i = 0; i < n; ++i) {
      const std::size_t idx = rng() % 700;
      const Variable v = (rng() % 8 == 0) ? Variable::input(idx % 5) : Variable::aux(idx);
      lc.add(v, (rng() % 4 == 0) ? -Fr::one() : Fr::from_u64(1 + rng() % 3));
    }
    LinearCombination sorted = lc;
    sorted.normalize();
    lc.merge_repeats(scratch);
    auto merged = as_pairs(lc);
    std::sort(merged.begin(), merged.end(),
              [](const auto& x, const auto& y) { return x.first < y.first; });
    CHECK(merged == as_pairs(sorted));
  }
}
