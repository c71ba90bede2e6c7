// storage-proofs-core's insertion and select gadgets: counts (insertion.rs test_insert and
// test_select), results for every index, and tamper detection.
#include "circuit/merkle/insertion.hpp"

#include <doctest/doctest.h>

#include <random>
#include <vector>

#include "circuit/counting_cs.hpp"
#include "circuit/test_cs.hpp"

namespace {

using cuzk::bls12_381::Fr;
using namespace cuzk::circuit;
using namespace cuzk::circuit::merkle;

std::vector<AllocatedNum> alloc_random(TestCS& cs, const char* name, std::size_t n,
                                       std::mt19937_64& rng) {
  std::vector<AllocatedNum> out;
  for (std::size_t i = 0; i < n; ++i) {
    const Fr x = Fr::random(rng);
    auto scope = cs.scope(name, i);
    out.push_back(AllocatedNum::alloc(cs, [&] { return x; }));
  }
  return out;
}

template <class CS>
std::vector<Boolean> alloc_index_bits(CS& cs, std::size_t index, std::size_t count) {
  std::vector<Boolean> bits;
  for (std::size_t i = 0; i < count; ++i) {
    auto scope = cs.scope("index bit", i);
    bits.emplace_back(AllocatedBit::alloc(cs, std::optional<bool>(((index >> i) & 1) != 0)));
  }
  return bits;
}

}  // namespace

TEST_CASE("insert: counts 2/8/22/240 and the element lands at the index") {
  const std::pair<std::size_t, std::size_t> cost[] = {{1, 2}, {2, 8}, {3, 22}, {4, 240}};
  for (const auto& [log_size, constraints] : cost) {
    const std::size_t size = std::size_t{1} << log_size;
    for (std::size_t index = 0; index < size; ++index) {
      INFO("size " << size << " index " << index);
      std::mt19937_64 rng(log_size * 100 + index);
      TestCS cs;
      const auto siblings = alloc_random(cs, "element", size - 1, rng);
      const auto element = alloc_random(cs, "insert", 1, rng)[0];
      const auto bits = alloc_index_bits(cs, index, log_size);
      const std::size_t before = cs.num_constraints();
      CHECK(before == log_size);
      const auto inserted = insert(cs, element, bits, siblings);
      CHECK(cs.num_constraints() - before == constraints);
      CHECK(cs.is_satisfied());
      REQUIRE(inserted.size() == size);
      CHECK(inserted[index].value() == element.value());
      for (std::size_t i = 0, s = 0; i < size; ++i) {
        if (i != index) CHECK(inserted[i].value() == siblings[s++].value());
      }
    }
  }
}

TEST_CASE("insert: a changed output or a wrong index bit is caught") {
  std::mt19937_64 rng(9);
  TestCS cs;
  const auto siblings = alloc_random(cs, "element", 7, rng);
  const auto element = alloc_random(cs, "insert", 1, rng)[0];
  const auto bits = alloc_index_bits(cs, 5, 3);
  const auto inserted = insert(cs, element, bits, siblings);
  REQUIRE(cs.is_satisfied());
  cs.set("p5/pick result/num", cs.get("p5/pick result/num") + Fr::one());
  CHECK(cs.which_is_unsatisfied() == "p5/pick");
  cs.set("p5/pick result/num", cs.get("p5/pick result/num") - Fr::one());
  REQUIRE(cs.is_satisfied());
  cs.set("index bit 1/boolean", Fr::one());  // index 7 now, but the picks were made for 5
  CHECK(cs.which_is_unsatisfied().has_value());
}

TEST_CASE("select: size - 1 constraints and the indexed element") {
  for (std::size_t log_size = 1; log_size < 5; ++log_size) {
    const std::size_t size = std::size_t{1} << log_size;
    for (std::size_t index = 0; index < size; ++index) {
      INFO("size " << size << " index " << index);
      std::mt19937_64 rng(log_size * 1000 + index);
      TestCS cs;
      const auto elements = alloc_random(cs, "element", size, rng);
      const auto bits = alloc_index_bits(cs, index, log_size);
      const std::size_t before = cs.num_constraints();
      const AllocatedNum selected = select(cs, std::span<const AllocatedNum>(elements), bits);
      CHECK(cs.num_constraints() - before == size - 1);
      CHECK(cs.is_satisfied());
      CHECK(selected.value() == elements[index].value());
    }
  }
}

TEST_CASE("insert of 8 needs allocated low bits; sizes must match") {
  std::mt19937_64 rng(3);
  TestCS cs;
  const auto siblings = alloc_random(cs, "element", 7, rng);
  const auto element = alloc_random(cs, "insert", 1, rng)[0];
  auto bits = alloc_index_bits(cs, 2, 3);
  bits[0] = bits[0].negated();
  CHECK_THROWS_AS(insert(cs, element, bits, siblings), std::invalid_argument);
  CHECK_THROWS_AS(insert(cs, element, std::span<const Boolean>(bits).first(2), siblings),
                  std::invalid_argument);
}
