#include "circuit/gadgets/boolean.hpp"

#include <doctest/doctest.h>

#include <array>
#include <random>
#include <vector>

#include "circuit/cs_cross_check.hpp"
#include "circuit/test_cs.hpp"

using namespace cuzk::circuit;

namespace {

// The operand shapes Boolean can take, with a value.
enum class Shape { kFalse, kTrue, kIs, kNot };
constexpr std::array<Shape, 4> kShapes = {Shape::kFalse, Shape::kTrue, Shape::kIs, Shape::kNot};

// Makes an operand of the given shape whose value is `value` (constants ignore it), allocating
// its bit in scope `name`.
template <class CS>
Boolean make(CS& cs, const char* name, Shape shape, bool value) {
  switch (shape) {
    case Shape::kFalse:
      return Boolean::constant(false);
    case Shape::kTrue:
      return Boolean::constant(true);
    case Shape::kIs: {
      auto s = cs.scope(name);
      return AllocatedBit::alloc(cs, value);
    }
    case Shape::kNot: {
      auto s = cs.scope(name);
      return Boolean(AllocatedBit::alloc(cs, !value)).negated();
    }
  }
  return {};
}

bool value_of(Shape shape, bool value) {
  return shape == Shape::kFalse ? false : shape == Shape::kTrue ? true : value;
}
bool is_const(Shape s) { return s == Shape::kFalse || s == Shape::kTrue; }
Shape negate(Shape s) {
  switch (s) {
    case Shape::kFalse:
      return Shape::kTrue;
    case Shape::kTrue:
      return Shape::kFalse;
    case Shape::kIs:
      return Shape::kNot;
    case Shape::kNot:
      return Shape::kIs;
  }
  return s;
}
// and(x, y) allocates unless an operand is constant.
std::size_t and_cost(Shape x, Shape y) { return is_const(x) || is_const(y) ? 0 : 1; }

std::size_t allocated_operands(std::initializer_list<Shape> shapes) {
  std::size_t n = 0;
  for (Shape s : shapes) n += is_const(s) ? 0 : 1;
  return n;
}

}  // namespace

TEST_CASE("AllocatedBit::alloc: (1 - b)·b = 0 rejects 2 and accepts 0 and 1") {
  TestCS cs;
  AllocatedBit::alloc(cs, true);
  CHECK(cs.get("boolean") == Fr::one());
  CHECK(cs.num_constraints() == 1);
  CHECK(cs.is_satisfied());
  cs.set("boolean", Fr::zero());
  CHECK(cs.is_satisfied());
  cs.set("boolean", Fr::from_u64(2));
  CHECK(cs.which_is_unsatisfied() == "boolean constraint");
}

TEST_CASE("AllocatedBit::alloc_conditionally forces 0 when the condition bit is 1") {
  for (bool m : {false, true}) {
    for (bool v : {false, true}) {
      if (m && v) continue;  // no witness exists
      TestCS cs;
      AllocatedBit cond;
      {
        auto s = cs.scope("m");
        cond = AllocatedBit::alloc(cs, m);
      }
      AllocatedBit::alloc_conditionally(cs, v, cond);
      CHECK(cs.is_satisfied());
      cs.set("boolean", Fr::one());
      CHECK(cs.is_satisfied() == !m);
      if (m) CHECK(cs.which_is_unsatisfied() == "boolean constraint");
    }
  }
}

TEST_CASE("AllocatedBit gates: truth tables, one aux and one constraint, tampering breaks them") {
  struct Gate {
    const char* result;
    const char* constraint;
    bool (*native)(bool, bool);
    AllocatedBit (*gadget)(TestCS&, const AllocatedBit&, const AllocatedBit&);
  };
  const Gate gates[] = {
      {"xor result", "xor constraint", [](bool a, bool b) { return a != b; },
       [](TestCS& cs, const AllocatedBit& a, const AllocatedBit& b) {
         return AllocatedBit::xor_of(cs, a, b);
       }},
      {"and result", "and constraint", [](bool a, bool b) { return a && b; },
       [](TestCS& cs, const AllocatedBit& a, const AllocatedBit& b) {
         return AllocatedBit::and_of(cs, a, b);
       }},
      {"and not result", "and not constraint", [](bool a, bool b) { return a && !b; },
       [](TestCS& cs, const AllocatedBit& a, const AllocatedBit& b) {
         return AllocatedBit::and_not(cs, a, b);
       }},
      {"nor result", "nor constraint", [](bool a, bool b) { return !a && !b; },
       [](TestCS& cs, const AllocatedBit& a, const AllocatedBit& b) {
         return AllocatedBit::nor(cs, a, b);
       }},
  };
  for (const Gate& g : gates) {
    for (bool x : {false, true}) {
      for (bool y : {false, true}) {
        INFO(g.result << " " << x << " " << y);
        TestCS cs;
        AllocatedBit a, b;
        {
          auto s = cs.scope("a");
          a = AllocatedBit::alloc(cs, x);
        }
        {
          auto s = cs.scope("b");
          b = AllocatedBit::alloc(cs, y);
        }
        const AllocatedBit r = g.gadget(cs, a, b);
        CHECK(r.value() == g.native(x, y));
        CHECK(cs.num_aux() == 3);
        CHECK(cs.num_constraints() == 3);
        CHECK(cs.is_satisfied());
        CHECK(cs.get(g.result) == Fr::from_bool(g.native(x, y)));
        cs.set(g.result, Fr::from_bool(!g.native(x, y)));
        CHECK(cs.which_is_unsatisfied() == g.constraint);
      }
    }
  }
}

TEST_CASE("Boolean xor and and fold constants and negations as bellpepper does") {
  for (Shape sa : kShapes) {
    for (Shape sb : kShapes) {
      for (int vals = 0; vals < 4; ++vals) {
        const bool x = vals & 1, y = vals & 2;
        INFO("shapes " << int(sa) << int(sb) << " values " << x << y);
        TestCS cs;
        const Boolean a = make(cs, "a", sa, x), b = make(cs, "b", sb, y);
        const std::size_t before = cs.num_constraints();
        const Boolean r = Boolean::xor_of(cs, a, b);
        CHECK(r.value() == (value_of(sa, x) != value_of(sb, y)));
        CHECK(cs.num_constraints() - before == and_cost(sa, sb));
        // (Is, Not) and (Not, Is) give Not; (Is, Is) and (Not, Not) give Is.
        if (!is_const(sa) && !is_const(sb)) {
          CHECK(r.kind() == (sa == sb ? Boolean::Kind::kIs : Boolean::Kind::kNot));
        }
        const std::size_t mid = cs.num_constraints();
        const Boolean s = Boolean::and_of(cs, a, b);
        CHECK(s.value() == (value_of(sa, x) && value_of(sb, y)));
        CHECK(cs.num_constraints() - mid == and_cost(sa, sb));
        CHECK(cs.is_satisfied());
      }
    }
  }
}

TEST_CASE("sha256_ch and sha256_maj: values, folding costs and satisfiability for every shape") {
  for (Shape sa : kShapes) {
    for (Shape sb : kShapes) {
      for (Shape sc : kShapes) {
        for (int vals = 0; vals < 8; ++vals) {
          const bool x = vals & 1, y = vals & 2, z = vals & 4;
          INFO("shapes " << int(sa) << int(sb) << int(sc) << " values " << x << y << z);
          const bool va = value_of(sa, x), vb = value_of(sb, y), vc = value_of(sc, z);
          TestCS cs;
          const Boolean a = make(cs, "a", sa, x), b = make(cs, "b", sb, y),
                        c = make(cs, "c", sc, z);
          const std::size_t base = cs.num_constraints();
          CHECK(base == allocated_operands({sa, sb, sc}));

          Boolean ch;
          {
            auto s = cs.scope("ch");
            ch = Boolean::sha256_ch(cs, a, b, c);
          }
          CHECK(ch.value() == ((va && vb) != (!va && vc)));
          // bellpepper's rules, in order; a constant true `a` is not folded.
          std::size_t ch_cost = 1;
          if (is_const(sa) && is_const(sb) && is_const(sc))
            ch_cost = 0;
          else if (sa == Shape::kFalse)
            ch_cost = 0;
          else if (sb == Shape::kFalse)
            ch_cost = and_cost(negate(sa), sc);
          else if (sc == Shape::kFalse)
            ch_cost = and_cost(sa, sb);
          else if (sc == Shape::kTrue)
            ch_cost = and_cost(sa, negate(sb));
          else if (sb == Shape::kTrue)
            ch_cost = and_cost(negate(sa), negate(sc));
          CHECK(cs.num_constraints() - base == ch_cost);

          const std::size_t mid = cs.num_constraints();
          Boolean maj;
          {
            auto s = cs.scope("maj");
            maj = Boolean::sha256_maj(cs, a, b, c);
          }
          CHECK(maj.value() == (((va && vb) != (va && vc)) != (vb && vc)));
          std::size_t maj_cost = 2;
          if (is_const(sa) && is_const(sb) && is_const(sc))
            maj_cost = 0;
          else if (sa == Shape::kFalse)
            maj_cost = and_cost(sb, sc);
          else if (sb == Shape::kFalse)
            maj_cost = and_cost(sa, sc);
          else if (sc == Shape::kFalse)
            maj_cost = and_cost(sa, sb);
          else if (sc == Shape::kTrue)
            maj_cost = and_cost(sa, sb);
          else if (sb == Shape::kTrue)
            maj_cost = and_cost(sa, sc);
          else if (sa == Shape::kTrue)
            maj_cost = and_cost(sb, sc);
          CHECK(cs.num_constraints() - mid == maj_cost);
          CHECK(cs.is_satisfied());
        }
      }
    }
  }
}

TEST_CASE("sha256_ch and sha256_maj on allocated bits: order of aux and tampering") {
  TestCS cs;
  const Boolean a = make(cs, "a", Shape::kIs, true), b = make(cs, "b", Shape::kNot, true),
                c = make(cs, "c", Shape::kIs, true);
  const std::size_t aux0 = cs.num_aux();
  {
    auto s = cs.scope("maj");
    Boolean::sha256_maj(cs, a, b, c);
  }
  // maj is allocated before "b and c".
  CHECK(cs.aux_path(aux0) == "maj/maj");
  CHECK(cs.aux_path(aux0 + 1) == "maj/b and c/and not result");
  CHECK(cs.constraints()[cs.num_constraints() - 2].path == "maj/b and c/and not constraint");
  CHECK(cs.constraints()[cs.num_constraints() - 1].path == "maj/maj computation");
  {
    auto s = cs.scope("ch");
    Boolean::sha256_ch(cs, a, b, c);
  }
  CHECK(cs.is_satisfied());
  // ch(1, 1, 1) = 1, maj(1, 1, 1) = 1.
  cs.set("ch/ch", Fr::zero());
  CHECK(cs.which_is_unsatisfied() == "ch/ch computation");
  cs.set("ch/ch", Fr::one());
  cs.set("maj/maj", Fr::zero());
  CHECK(cs.which_is_unsatisfied() == "maj/maj computation");
}

TEST_CASE("Boolean::enforce_equal: constraint shapes and tampering") {
  for (Shape sa : kShapes) {
    for (Shape sb : kShapes) {
      for (int vals = 0; vals < 4; ++vals) {
        const bool x = vals & 1, y = vals & 2;
        if (value_of(sa, x) != value_of(sb, y)) continue;
        INFO("shapes " << int(sa) << int(sb) << " values " << x << y);
        TestCS cs;
        const Boolean a = make(cs, "a", sa, x), b = make(cs, "b", sb, y);
        const std::size_t base = cs.num_constraints();
        Boolean::enforce_equal(cs, a, b);
        CHECK(cs.num_constraints() - base == (is_const(sa) && is_const(sb) ? 0 : 1));
        CHECK(cs.is_satisfied());
        if (!is_const(sa)) {
          cs.set("a/boolean", Fr::from_bool(!cs.get("a/boolean").is_one()));
          const auto bad = cs.which_is_unsatisfied();
          REQUIRE(bad);
          CHECK(bad->rfind("enforce equal", 0) == 0);
        }
      }
    }
  }
  TestCS cs;
  CHECK_THROWS(Boolean::enforce_equal(cs, Boolean::constant(true), Boolean::constant(false)));
}

TEST_CASE("u64_into_boolean_vec_le and field_into_allocated_bits_le: bits, counts, names") {
  TestCS cs;
  const std::uint64_t v = 0x8000'0000'0000'0005ULL;
  const auto bits = u64_into_boolean_vec_le(cs, v);
  REQUIRE(bits.size() == 64);
  for (unsigned i = 0; i < 64; ++i) CHECK(*bits[i].value() == (((v >> i) & 1) != 0));
  CHECK(cs.num_constraints() == 64);
  CHECK(cs.get("bit 63/boolean") == Fr::one());

  TestCS fcs;
  const Fr x = -Fr::one();  // r - 1: bit 0 is 0, bit 254 is 1
  const auto fbits = field_into_allocated_bits_le(fcs, x);
  REQUIRE(fbits.size() == 255);
  CHECK(fcs.num_constraints() == 255);
  const auto limbs = x.to_canonical();
  for (unsigned i = 0; i < 255; ++i)
    CHECK(*fbits[i].value() == (((limbs[i / 64] >> (i % 64)) & 1) != 0));
  CHECK(fcs.is_satisfied());
}

TEST_CASE("every constraint system agrees on a circuit of Boolean operations") {
  const auto synth = [](auto& cs) {
    std::mt19937_64 rng(3);
    std::vector<Boolean> pool;
    for (int i = 0; i < 12; ++i) {
      auto s = cs.scope("input", i);
      const bool v = rng() & 1;
      if (i % 4 == 3) {
        pool.push_back(Boolean::constant(v));
      } else {
        Boolean b = AllocatedBit::alloc(cs, v);
        pool.push_back(i % 4 == 2 ? b.negated() : b);
      }
    }
    for (int i = 0; i < 200; ++i) {
      auto s = cs.scope("op", i);
      const Boolean& a = pool[rng() % pool.size()];
      const Boolean& b = pool[rng() % pool.size()];
      const Boolean& c = pool[rng() % pool.size()];
      switch (rng() % 4) {
        case 0:
          pool.push_back(Boolean::xor_of(cs, a, b));
          break;
        case 1:
          pool.push_back(Boolean::and_of(cs, a, b));
          break;
        case 2:
          pool.push_back(Boolean::sha256_ch(cs, a, b, c));
          break;
        default:
          pool.push_back(Boolean::sha256_maj(cs, a, b, c));
          break;
      }
    }
  };
  test::check_systems_agree(synth);
}
