#include "circuit/gadgets/uint32.hpp"

#include <doctest/doctest.h>

#include <random>
#include <vector>

#include "circuit/cs_cross_check.hpp"
#include "circuit/gadgets/multieq.hpp"
#include "circuit/test_cs.hpp"

using namespace cuzk::circuit;

namespace {

template <class CS>
UInt32 alloc_word(CS& cs, const char* name, std::size_t i, std::uint32_t v) {
  auto s = cs.scope(name, i);
  return UInt32::alloc(cs, v);
}

std::uint32_t bits_value(const UInt32& w) {
  std::uint32_t v = 0;
  for (unsigned i = 0; i < 32; ++i) v |= std::uint32_t{*w.bits()[i].value()} << i;
  return v;
}

}  // namespace

TEST_CASE("UInt32 constant, alloc, bit orders, rotr and shr") {
  TestCS cs;
  const std::uint32_t v = 0x8000'0001u | 0x0f0f'0000u;
  const UInt32 w = UInt32::alloc(cs, v);
  CHECK(cs.num_constraints() == 32);
  CHECK(cs.get("allocated bit 31/boolean") == Fr::one());
  CHECK(*w.value() == v);
  for (unsigned by : {0u, 1u, 7u, 31u, 32u, 45u}) {
    CHECK(*w.rotr(by).value() == std::rotr(v, static_cast<int>(by % 32)));
    CHECK(bits_value(w.rotr(by)) == std::rotr(v, static_cast<int>(by % 32)));
    CHECK(*w.shr(by).value() == (v >> (by % 32)));
    CHECK(bits_value(w.shr(by)) == (v >> (by % 32)));
  }
  const auto be = w.into_bits_be();
  CHECK(*be[0].value() == true);  // most significant first
  CHECK(*UInt32::from_bits_be(be).value() == v);
  CHECK(*UInt32::from_bits(w.bits()).value() == v);
  CHECK(bits_value(UInt32::constant(0xdeadbeef)) == 0xdeadbeef);
  CHECK(UInt32::constant(5).bits()[0].is_constant(true));
}

TEST_CASE("UInt32 xor, ch and maj equal the native operations") {
  std::mt19937_64 rng(31);
  for (int round = 0; round < 8; ++round) {
    TestCS cs;
    const std::uint32_t x = static_cast<std::uint32_t>(rng()),
                        y = static_cast<std::uint32_t>(rng()),
                        z = static_cast<std::uint32_t>(rng());
    // Mix allocated, negated-through-xor and constant words.
    const UInt32 a = alloc_word(cs, "a", 0, x);
    const UInt32 b = round % 2 ? UInt32::constant(y) : alloc_word(cs, "b", 0, y);
    const UInt32 c = alloc_word(cs, "c", 0, z);
    UInt32 r;
    {
      auto s = cs.scope("xor");
      r = a.xor_with(cs, b);
    }
    CHECK(*r.value() == (x ^ y));
    CHECK(bits_value(r) == (x ^ y));
    UInt32 ch, maj;
    {
      auto s = cs.scope("ch");
      ch = UInt32::sha256_ch(cs, a, b, c);
    }
    {
      auto s = cs.scope("maj");
      maj = UInt32::sha256_maj(cs, a, b, c);
    }
    CHECK(bits_value(ch) == ((x & y) ^ (~x & z)));
    CHECK(bits_value(maj) == ((x & y) ^ (x & z) ^ (y & z)));
    CHECK(cs.is_satisfied());
  }
}

TEST_CASE("addmany: sums modulo 2^32 for 2 to 10 operands, with k result bits") {
  std::mt19937_64 rng(37);
  for (std::size_t n = 2; n <= 10; ++n) {
    INFO("operands " << n);
    TestCS cs;
    std::vector<UInt32> ops;
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint32_t v = static_cast<std::uint32_t>(rng());
      sum += v;
      ops.push_back(i == 1 ? UInt32::constant(v) : alloc_word(cs, "op", i, v));
    }
    const std::size_t before = cs.num_constraints();
    UInt32 r;
    {
      MultiEq<TestCS> meq(cs);
      r = UInt32::addmany(meq, std::span<const UInt32>(ops));
    }
    CHECK(*r.value() == static_cast<std::uint32_t>(sum));
    CHECK(bits_value(r) == static_cast<std::uint32_t>(sum));
    const std::size_t k = n == 2 ? 33 : n <= 4 ? 34 : n <= 8 ? 35 : 36;
    CHECK(cs.num_constraints() - before == k + 1);  // k booleans, then the MultiEq flush
    CHECK(cs.is_satisfied());
    cs.set("result bit 0/boolean", Fr::from_bool(!*r.bits()[0].value()));
    CHECK(cs.which_is_unsatisfied() == "multieq 0");
  }
}

TEST_CASE("addmany of constants is free") {
  TestCS cs;
  MultiEq<TestCS> meq(cs);
  const std::array<UInt32, 3> ops = {UInt32::constant(0xffffffff), UInt32::constant(2),
                                     UInt32::constant(7)};
  const UInt32 r = UInt32::addmany(meq, std::span<const UInt32>(ops));
  CHECK(*r.value() == 8u);
  CHECK(r.bits()[3].is_constant(true));
  CHECK(cs.num_constraints() == 0);
  CHECK(cs.num_aux() == 0);
}

TEST_CASE("MultiEq batches up to 253 bits and flushes before an overflowing equality") {
  TestCS cs;
  const UInt32 x = alloc_word(cs, "x", 0, 0x12345678), y = alloc_word(cs, "y", 0, 0x9abcdef0);
  const std::array<UInt32, 2> ops = {x, y};
  {
    MultiEq<TestCS> meq(cs);
    for (int i = 0; i < 10; ++i) {
      auto s = meq.scope("add", i);
      UInt32::addmany(meq, std::span<const UInt32>(ops));
    }
  }
  // 7 sums of 33 bits fit in 253 bits; the 8th flushes the batch first.
  CHECK(cs.num_constraints() == 64 + 10 * 33 + 2);
  CHECK(cs.constraints()[64 + 8 * 33].path == "add 7/multieq 0");
  CHECK(cs.constraints().back().path == "multieq 1");
  CHECK(cs.is_satisfied());
}

TEST_CASE("every constraint system agrees on UInt32 arithmetic") {
  const auto synth = [](auto& cs) {
    std::mt19937_64 rng(41);
    std::vector<UInt32> words;
    for (int i = 0; i < 4; ++i)
      words.push_back(alloc_word(cs, "w", i, static_cast<std::uint32_t>(rng())));
    words.push_back(UInt32::constant(0x6a09e667));
    MultiEq meq(cs);
    for (int i = 0; i < 30; ++i) {
      auto s = meq.scope("op", i);
      const UInt32& a = words[rng() % words.size()];
      const UInt32& b = words[rng() % words.size()];
      const UInt32& c = words[rng() % words.size()];
      switch (rng() % 4) {
        case 0:
          words.push_back(a.rotr(7).xor_with(meq, b.shr(3)));
          break;
        case 1:
          words.push_back(UInt32::sha256_ch(meq, a, b, c));
          break;
        case 2:
          words.push_back(UInt32::sha256_maj(meq, a, b, c));
          break;
        default: {
          const std::array<UInt32, 3> ops = {a, b, c};
          words.push_back(UInt32::addmany(meq, std::span<const UInt32>(ops)));
        }
      }
    }
  };
  test::check_systems_agree(synth);
}
