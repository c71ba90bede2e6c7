#include "circuit/gadgets/num.hpp"

#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "circuit/counting_cs.hpp"
#include "circuit/cs_cross_check.hpp"
#include "circuit/gadgets/multipack.hpp"
#include "circuit/test_cs.hpp"

using namespace cuzk::circuit;

namespace {

Fr value_of_bits(const std::vector<Boolean>& bits) {
  Fr acc;
  for (std::size_t i = 0; i < bits.size(); ++i) {
    if (*bits[i].value()) acc += power_of_two(i);
  }
  return acc;
}

}  // namespace

TEST_CASE("AllocatedNum::alloc allocates one aux and no constraint; shape modes skip the value") {
  TestCS cs;
  const AllocatedNum n = AllocatedNum::alloc(cs, [] { return Fr::from_u64(7); });
  CHECK(cs.get("num") == Fr::from_u64(7));
  CHECK(*n.value() == Fr::from_u64(7));
  CHECK(cs.num_constraints() == 0);

  CountingCS counting;
  bool called = false;
  const AllocatedNum m = AllocatedNum::alloc(counting, [&] {
    called = true;
    return Fr::one();
  });
  CHECK_FALSE(called);
  CHECK_FALSE(m.value().has_value());
  CHECK(counting.num_aux() == 1);
}

TEST_CASE("mul, square, assert_nonzero, inputize: values and tampering") {
  TestCS cs;
  AllocatedNum a, b;
  {
    auto s = cs.scope("a");
    a = AllocatedNum::alloc(cs, Fr::from_u64(12));
  }
  {
    auto s = cs.scope("b");
    b = AllocatedNum::alloc(cs, Fr::from_u64(10));
  }
  const AllocatedNum p = a.mul(cs, b);
  CHECK(*p.value() == Fr::from_u64(120));
  const AllocatedNum sq = a.square(cs);
  CHECK(*sq.value() == Fr::from_u64(144));
  a.assert_nonzero(cs);
  {
    auto s = cs.scope("expose");
    p.inputize(cs);
  }
  CHECK(cs.num_inputs() == 2);
  CHECK(cs.num_constraints() == 4);
  CHECK(cs.is_satisfied());
  CHECK(cs.get("expose/input variable") == Fr::from_u64(120));

  cs.set("product num", Fr::from_u64(121));
  CHECK(cs.which_is_unsatisfied() == "multiplication constraint");
  cs.set("product num", Fr::from_u64(120));
  cs.set("squared num", Fr::from_u64(145));
  CHECK(cs.which_is_unsatisfied() == "squaring constraint");
  cs.set("squared num", Fr::from_u64(144));
  cs.set("ephemeral inverse", Fr::from_u64(3));
  CHECK(cs.which_is_unsatisfied() == "nonzero assertion constraint");
  cs.set("ephemeral inverse", Fr::from_u64(12).inverse());
  cs.set("expose/input variable", Fr::from_u64(5));
  CHECK(cs.which_is_unsatisfied() == "expose/enforce input is correct");

  TestCS zero;
  const AllocatedNum z = AllocatedNum::alloc(zero, Fr::zero());
  CHECK_THROWS_AS(z.assert_nonzero(zero), cuzk::Error);
}

TEST_CASE("conditionally_reverse swaps exactly when the condition is true") {
  for (bool cond : {false, true}) {
    TestCS cs;
    AllocatedNum a, b;
    {
      auto s = cs.scope("a");
      a = AllocatedNum::alloc(cs, Fr::from_u64(1));
    }
    {
      auto s = cs.scope("b");
      b = AllocatedNum::alloc(cs, Fr::from_u64(2));
    }
    Boolean c;
    {
      auto s = cs.scope("cond");
      c = AllocatedBit::alloc(cs, cond);
    }
    const auto [x, y] = AllocatedNum::conditionally_reverse(cs, a, b, c);
    CHECK(*x.value() == Fr::from_u64(cond ? 2 : 1));
    CHECK(*y.value() == Fr::from_u64(cond ? 1 : 2));
    CHECK(cs.num_constraints() == 3);
    CHECK(cs.is_satisfied());
    cs.set("conditional reversal result 1/num", Fr::from_u64(cond ? 1 : 2));
    CHECK(cs.which_is_unsatisfied() == "first conditional reversal");
  }
}

TEST_CASE("to_bits_le: 256 constraints, the canonical bits, and not range-strict") {
  std::mt19937_64 rng(17);
  for (int round = 0; round < 5; ++round) {
    TestCS cs;
    const Fr x = Fr::random(rng);
    const AllocatedNum n = AllocatedNum::alloc(cs, x);
    const auto bits = n.to_bits_le(cs);
    REQUIRE(bits.size() == 255);
    CHECK(value_of_bits(bits) == x);
    CHECK(cs.num_constraints() == 256);
    CHECK(cs.num_aux() == 256);
    CHECK(cs.is_satisfied());
    cs.set("bit 0/boolean", Fr::from_bool(!*bits[0].value()));
    CHECK(cs.which_is_unsatisfied() == "unpacking constraint");
  }
  // x + r < 2^255 also satisfies the constraints: take x = 0 and the bits of r.
  TestCS cs;
  const AllocatedNum n = AllocatedNum::alloc(cs, Fr::zero());
  n.to_bits_le(cs);
  const auto r = cuzk::bls12_381::kFrParams.modulus;
  for (unsigned i = 0; i < 255; ++i) {
    cs.set("bit " + std::to_string(i) + "/boolean",
           Fr::from_bool(((r[i / 64] >> (i % 64)) & 1) != 0));
  }
  CHECK(cs.is_satisfied());
}

TEST_CASE("to_bits_le_strict: 388 constraints and rejects the non-canonical representation") {
  std::mt19937_64 rng(19);
  for (const Fr& x : {Fr::zero(), -Fr::one(), Fr::random(rng), Fr::random(rng)}) {
    TestCS cs;
    const AllocatedNum n = AllocatedNum::alloc(cs, x);
    const auto bits = n.to_bits_le_strict(cs);
    REQUIRE(bits.size() == 255);
    CHECK(value_of_bits(bits) == x);
    CHECK(cs.num_constraints() == 388);
    CHECK(cs.is_satisfied());
  }
  // For x = r - 1 every run of ones of r - 1 is matched, so the last bit (big-endian position
  // 254, a 0 in r - 1) is forced to 0: setting it spells r, which the conditional constraint
  // rejects (bellpepper's test_into_bits_strict).
  TestCS cs;
  const AllocatedNum n = AllocatedNum::alloc(cs, -Fr::one());
  n.to_bits_le_strict(cs);
  CHECK(cs.is_satisfied());
  cs.set("bit 254/boolean", Fr::one());
  CHECK(cs.which_is_unsatisfied() == "bit 254/boolean constraint");
}

TEST_CASE("Num: add_bool_with_coeff, add and scale track the value and the combination") {
  TestCS cs;
  const Boolean t = AllocatedBit::alloc(cs, true);
  Num num;
  num.add_bool_with_coeff(t, Fr::from_u64(3))
      .add_bool_with_coeff(Boolean::constant(true), Fr::from_u64(4));
  num.add_bool_with_coeff(t.negated(), Fr::from_u64(100));  // Not(1) = 0: adds nothing to the value
  CHECK(*num.value() == Fr::from_u64(7));
  CHECK(num.lc().evaluate(cs.inputs(), cs.aux()) == Fr::from_u64(7));
  Num other(AllocatedNum::alloc(cs, Fr::from_u64(5)));
  num.add(other).scale(Fr::from_u64(2));
  CHECK(*num.value() == Fr::from_u64(24));
  CHECK(num.lc().evaluate(cs.inputs(), cs.aux()) == Fr::from_u64(24));
}

TEST_CASE("multipack: pack_into_inputs exposes compute_multipacking, one input per 254 bits") {
  std::mt19937_64 rng(23);
  for (std::size_t n : {0u, 1u, 253u, 254u, 255u, 600u}) {
    INFO("bits " << n);
    std::vector<bool> bits(n);
    for (std::size_t i = 0; i < n; ++i) bits[i] = rng() & 1;
    TestCS cs;
    std::vector<Boolean> circuit_bits;
    for (std::size_t i = 0; i < n; ++i) {
      auto s = cs.scope("bit", i);
      circuit_bits.push_back(i % 7 == 3 ? Boolean::constant(bits[i])
                                        : Boolean(AllocatedBit::alloc(cs, bits[i])));
    }
    const std::size_t before = cs.num_constraints();
    {
      auto s = cs.scope("pack");
      pack_into_inputs(cs, std::span<const Boolean>(circuit_bits));
    }
    const auto expected = compute_multipacking(bits);
    CHECK(cs.num_constraints() - before == expected.size());
    REQUIRE(cs.num_inputs() == expected.size() + 1);
    for (std::size_t i = 0; i < expected.size(); ++i) CHECK(cs.inputs()[i + 1] == expected[i]);
    CHECK(cs.is_satisfied());
    if (!expected.empty()) {
      cs.set("pack/input 0", expected[0] + Fr::one());
      CHECK(cs.which_is_unsatisfied() == "pack/packing constraint 0");
    }
  }
}

TEST_CASE("multipack: pack_bits keeps the first 254 bits; bytes_to_bits orders") {
  TestCS cs;
  std::vector<Boolean> bits;
  for (int i = 0; i < 256; ++i) bits.push_back(Boolean::constant(true));
  bits[1] = Boolean::constant(false);
  const AllocatedNum n = pack_bits(cs, std::span<const Boolean>(bits));
  // 2^254 - 1 - 2
  Fr expected = power_of_two(254) - Fr::from_u64(3);
  CHECK(*n.value() == expected);
  CHECK(cs.get("input/num") == expected);
  CHECK(cs.num_constraints() == 1);
  CHECK(cs.is_satisfied());

  const std::uint8_t bytes[] = {0x01, 0x80};
  const auto be = bytes_to_bits(bytes);
  const auto le = bytes_to_bits_le(bytes);
  CHECK(be == std::vector<bool>{0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0});
  CHECK(le == std::vector<bool>{1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1});
}

TEST_CASE("every constraint system agrees on a circuit of number gadgets") {
  const auto synth = [](auto& cs) {
    std::mt19937_64 rng(29);
    std::vector<AllocatedNum> nums;
    for (int i = 0; i < 4; ++i) {
      auto s = cs.scope("n", i);
      const Fr v = Fr::random(rng);
      nums.push_back(AllocatedNum::alloc(cs, [&] { return v; }));
    }
    auto s = cs.scope("ops");
    const auto bits = nums[0].to_bits_le(cs);
    {
      auto t = cs.scope("strict");
      nums[1].to_bits_le_strict(cs);
    }
    const AllocatedNum p = nums[2].mul(cs, nums[3]);
    {
      auto t = cs.scope("sq");
      p.square(cs).inputize(cs);
    }
    nums[3].assert_nonzero(cs);
    {
      auto t = cs.scope("rev");
      AllocatedNum::conditionally_reverse(cs, nums[0], nums[1], bits[3]);
    }
    {
      auto t = cs.scope("pack");
      pack_into_inputs(cs, std::span<const Boolean>(bits));
    }
    auto t = cs.scope("packbits");
    pack_bits(cs, std::span<const Boolean>(bits).first(200));
  };
  test::check_systems_agree(synth);
}
