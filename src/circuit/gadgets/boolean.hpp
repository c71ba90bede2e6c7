// Bits in the circuit (bellpepper-core 0.2.1 gadgets/boolean.rs): AllocatedBit, a variable
// constrained to 0 or 1, and Boolean, which is a constant, a bit, or the negation of a bit.
// Operations on Booleans fold constants and negations structurally (they look at which operands
// are constants, never at values), so every system sees the same constraints. Each operation that
// allocates emits exactly one aux variable followed by one constraint, in bellpepper's order; the
// comment on each constraint shows why it forces the intended value.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "circuit/constraint_system.hpp"

namespace cuzk::circuit {

class AllocatedBit {
 public:
  AllocatedBit() = default;
  AllocatedBit(Variable var, std::optional<bool> value) : var_(var), value_(value) {}

  Variable variable() const { return var_; }
  std::optional<bool> value() const { return value_; }

  // A new bit b: (1 - b)·b = 0.
  template <ConstraintSystem CS>
  static AllocatedBit alloc(CS& cs, std::optional<bool> value) {
    const Variable b = cs.alloc("boolean", [&] { return Fr::from_bool(require_value(value)); });
    // b(1 - b) = 0 has the roots 0 and 1 only.
    cs.enforce("boolean constraint", LinearCombination(Variable::one()).sub(b),
               LinearCombination(b), LinearCombination());
    return AllocatedBit(b, value);
  }

  // A new bit b that must be 0 when must_be_false is 1: (1 - m - b)·b = 0.
  template <ConstraintSystem CS>
  static AllocatedBit alloc_conditionally(CS& cs, std::optional<bool> value,
                                          const AllocatedBit& must_be_false) {
    const Variable b = cs.alloc("boolean", [&] { return Fr::from_bool(require_value(value)); });
    // m = 0: b(1 - b) = 0, so b is a bit. m = 1: -b·b = 0, so b = 0.
    cs.enforce("boolean constraint",
               LinearCombination(Variable::one()).sub(must_be_false.var_).sub(b),
               LinearCombination(b), LinearCombination());
    return AllocatedBit(b, value);
  }

  // r = a xor b: (2a)·b = a + b - r.
  template <ConstraintSystem CS>
  static AllocatedBit xor_of(CS& cs, const AllocatedBit& a, const AllocatedBit& b) {
    const auto v =
        witness_value<CS>([&] { return require_value(a.value_) != require_value(b.value_); });
    const Variable r = cs.alloc("xor result", [&] { return Fr::from_bool(*v); });
    // a + b - 2ab is a xor b for bits; bellpepper builds A as a + a, which merges to 2a.
    cs.enforce("xor constraint", LinearCombination(a.var_).add(a.var_), LinearCombination(b.var_),
               LinearCombination(a.var_).add(b.var_).sub(r));
    return AllocatedBit(r, v);
  }

  // r = a and b: a·b = r.
  template <ConstraintSystem CS>
  static AllocatedBit and_of(CS& cs, const AllocatedBit& a, const AllocatedBit& b) {
    const auto v =
        witness_value<CS>([&] { return require_value(a.value_) && require_value(b.value_); });
    const Variable r = cs.alloc("and result", [&] { return Fr::from_bool(*v); });
    cs.enforce("and constraint", LinearCombination(a.var_), LinearCombination(b.var_),
               LinearCombination(r));
    return AllocatedBit(r, v);
  }

  // r = a and not b: a·(1 - b) = r.
  template <ConstraintSystem CS>
  static AllocatedBit and_not(CS& cs, const AllocatedBit& a, const AllocatedBit& b) {
    const auto v =
        witness_value<CS>([&] { return require_value(a.value_) && !require_value(b.value_); });
    const Variable r = cs.alloc("and not result", [&] { return Fr::from_bool(*v); });
    cs.enforce("and not constraint", LinearCombination(a.var_),
               LinearCombination(Variable::one()).sub(b.var_), LinearCombination(r));
    return AllocatedBit(r, v);
  }

  // r = not a and not b: (1 - a)·(1 - b) = r.
  template <ConstraintSystem CS>
  static AllocatedBit nor(CS& cs, const AllocatedBit& a, const AllocatedBit& b) {
    const auto v =
        witness_value<CS>([&] { return !require_value(a.value_) && !require_value(b.value_); });
    const Variable r = cs.alloc("nor result", [&] { return Fr::from_bool(*v); });
    cs.enforce("nor constraint", LinearCombination(Variable::one()).sub(a.var_),
               LinearCombination(Variable::one()).sub(b.var_), LinearCombination(r));
    return AllocatedBit(r, v);
  }

 private:
  Variable var_;
  std::optional<bool> value_;
};

class Boolean {
 public:
  enum class Kind : std::uint8_t { kConstant, kIs, kNot };

  Boolean() = default;                                               // Constant(false)
  Boolean(const AllocatedBit& bit) : kind_(Kind::kIs), bit_(bit) {}  // NOLINT: bellpepper's From
  static Boolean constant(bool b) {
    Boolean r;
    r.constant_ = b;
    return r;
  }

  Kind kind() const { return kind_; }
  bool is_constant() const { return kind_ == Kind::kConstant; }
  bool is_constant(bool b) const { return kind_ == Kind::kConstant && constant_ == b; }
  // The underlying bit of Is and Not (meaningless for constants).
  const AllocatedBit& bit() const { return bit_; }

  std::optional<bool> value() const {
    switch (kind_) {
      case Kind::kConstant:
        return constant_;
      case Kind::kIs:
        return bit_.value();
      case Kind::kNot:
        if (const auto v = bit_.value()) return !*v;
        return std::nullopt;
    }
    return std::nullopt;
  }

  // bellpepper's not(): flips the tag, costs nothing.
  Boolean negated() const {
    Boolean r = *this;
    switch (kind_) {
      case Kind::kConstant:
        r.constant_ = !constant_;
        break;
      case Kind::kIs:
        r.kind_ = Kind::kNot;
        break;
      case Kind::kNot:
        r.kind_ = Kind::kIs;
        break;
    }
    return r;
  }

  // coeff·(this as a field element): Constant(true) → coeff·ONE, Constant(false) → empty,
  // Is(b) → coeff·b, Not(b) → coeff·ONE - coeff·b.
  LinearCombination lc(const Fr& coeff = Fr::one()) const {
    LinearCombination out;
    add_to(out, coeff);
    return out;
  }
  // out += lc(coeff), without a temporary (the hot path of addmany and packing).
  void add_to(LinearCombination& out, const Fr& coeff) const {
    switch (kind_) {
      case Kind::kConstant:
        if (constant_) out.add(Variable::one(), coeff);
        break;
      case Kind::kIs:
        out.add(bit_.variable(), coeff);
        break;
      case Kind::kNot:
        out.add(Variable::one(), coeff);
        out.sub(bit_.variable(), coeff);
        break;
    }
  }
  void sub_from(LinearCombination& out, const Fr& coeff) const { add_to(out, -coeff); }

  // a xor b. Rules in bellpepper's order, first match wins: a constant false operand returns the
  // other; a constant true one returns the other negated; (Is x, Not y) in either order is
  // Not(x xor y) with the Is bit first; (Is, Is) and (Not, Not) are Is(x xor y).
  template <ConstraintSystem CS>
  static Boolean xor_of(CS& cs, const Boolean& a, const Boolean& b) {
    if (a.is_constant(false)) return b;
    if (b.is_constant(false)) return a;
    if (a.is_constant(true)) return b.negated();
    if (b.is_constant(true)) return a.negated();
    if (a.kind_ == Kind::kIs && b.kind_ == Kind::kNot) {
      return Boolean(AllocatedBit::xor_of(cs, a.bit_, b.bit_)).negated();
    }
    if (a.kind_ == Kind::kNot && b.kind_ == Kind::kIs) {
      return Boolean(AllocatedBit::xor_of(cs, b.bit_, a.bit_)).negated();
    }
    return Boolean(AllocatedBit::xor_of(cs, a.bit_, b.bit_));
  }

  // a and b: false if either is constant false; the other if either is constant true;
  // and_not(Is, Not) in either order; nor(Not, Not); and(Is, Is). The result is always Is.
  template <ConstraintSystem CS>
  static Boolean and_of(CS& cs, const Boolean& a, const Boolean& b) {
    if (a.is_constant(false) || b.is_constant(false)) return constant(false);
    if (a.is_constant(true)) return b;
    if (b.is_constant(true)) return a;
    if (a.kind_ == Kind::kIs && b.kind_ == Kind::kNot)
      return AllocatedBit::and_not(cs, a.bit_, b.bit_);
    if (a.kind_ == Kind::kNot && b.kind_ == Kind::kIs)
      return AllocatedBit::and_not(cs, b.bit_, a.bit_);
    if (a.kind_ == Kind::kNot && b.kind_ == Kind::kNot)
      return AllocatedBit::nor(cs, a.bit_, b.bit_);
    return AllocatedBit::and_of(cs, a.bit_, b.bit_);
  }

  // Enforces a == b. Two constants emit nothing (and throw if they differ); otherwise one
  // constraint 0·0 = (a - b), with a constant side written as 1 or left out.
  template <ConstraintSystem CS>
  static void enforce_equal(CS& cs, const Boolean& a, const Boolean& b) {
    if (a.is_constant() && b.is_constant()) {
      if (a.constant_ != b.constant_) throw Error("circuit synthesis: unequal constant bits");
      return;
    }
    if (a.is_constant(true) || b.is_constant(true)) {
      const Boolean& other = a.is_constant(true) ? b : a;
      cs.enforce("enforce equal to one", LinearCombination(), LinearCombination(),
                 LinearCombination(Variable::one()).sub(other.lc()));
      return;
    }
    if (a.is_constant(false) || b.is_constant(false)) {
      const Boolean& other = a.is_constant(false) ? b : a;
      cs.enforce("enforce equal to zero", LinearCombination(), LinearCombination(), other.lc());
      return;
    }
    cs.enforce("enforce equal", LinearCombination(), LinearCombination(), a.lc().sub(b.lc()));
  }

  // SHA-256's Ch(a, b, c) = (a and b) xor (not a and c), with bellpepper's folding rules.
  template <ConstraintSystem CS>
  static Boolean sha256_ch(CS& cs, const Boolean& a, const Boolean& b, const Boolean& c) {
    const auto v = value3(a, b, c, [](bool x, bool y, bool z) { return (x && y) != (!x && z); });
    if (a.is_constant() && b.is_constant() && c.is_constant()) return constant(*v);
    if (a.is_constant(false)) return c;
    if (b.is_constant(false)) return and_of(cs, a.negated(), c);
    if (c.is_constant(false)) return and_of(cs, a, b);
    if (c.is_constant(true)) return and_of(cs, a, b.negated()).negated();
    if (b.is_constant(true)) return and_of(cs, a.negated(), c.negated()).negated();
    // a constant true is not folded (bellpepper falls through): its lc is simply ONE.
    const auto ch_value = witness_value<CS>([&] { return require_value(v); });
    const Variable ch = cs.alloc("ch", [&] { return Fr::from_bool(*ch_value); });
    // ch = c + a(b - c): a = 1 gives b, a = 0 gives c.
    cs.enforce("ch computation", b.lc().sub(c.lc()), a.lc(), LinearCombination(ch).sub(c.lc()));
    return AllocatedBit(ch, ch_value);
  }

  // SHA-256's Maj(a, b, c) = (a and b) xor (a and c) xor (b and c), with bellpepper's folding.
  template <ConstraintSystem CS>
  static Boolean sha256_maj(CS& cs, const Boolean& a, const Boolean& b, const Boolean& c) {
    const auto v =
        value3(a, b, c, [](bool x, bool y, bool z) { return ((x && y) != (x && z)) != (y && z); });
    if (a.is_constant() && b.is_constant() && c.is_constant()) return constant(*v);
    if (a.is_constant(false)) return and_of(cs, b, c);
    if (b.is_constant(false)) return and_of(cs, a, c);
    if (c.is_constant(false)) return and_of(cs, a, b);
    if (c.is_constant(true)) return and_of(cs, a.negated(), b.negated()).negated();
    if (b.is_constant(true)) return and_of(cs, a.negated(), c.negated()).negated();
    if (a.is_constant(true)) return and_of(cs, b.negated(), c.negated()).negated();
    // maj is allocated before bc = b and c (bellpepper's order).
    const auto maj_value = witness_value<CS>([&] { return require_value(v); });
    const Variable maj = cs.alloc("maj", [&] { return Fr::from_bool(*maj_value); });
    Boolean bc;
    {
      auto scope = cs.scope("b and c");
      bc = and_of(cs, b, c);
    }
    // maj = bc + a(b + c - 2bc): a = 0 gives b and c; a = 1 gives b or c.
    LinearCombination lhs = bc.lc();
    bc.add_to(lhs, Fr::one());
    b.sub_from(lhs, Fr::one());
    c.sub_from(lhs, Fr::one());
    cs.enforce("maj computation", std::move(lhs), a.lc(), bc.lc().sub(maj));
    return AllocatedBit(maj, maj_value);
  }

 private:
  template <class F>
  static std::optional<bool> value3(const Boolean& a, const Boolean& b, const Boolean& c, F f) {
    const auto x = a.value(), y = b.value(), z = c.value();
    if (!x || !y || !z) return std::nullopt;
    return f(*x, *y, *z);
  }

  Kind kind_ = Kind::kConstant;
  bool constant_ = false;
  AllocatedBit bit_;
};

// 64 new bits of `value`, least significant first, each in scope "bit i".
template <ConstraintSystem CS>
std::vector<Boolean> u64_into_boolean_vec_le(CS& cs, std::optional<std::uint64_t> value) {
  std::vector<Boolean> bits;
  bits.reserve(64);
  for (unsigned i = 0; i < 64; ++i) {
    auto scope = cs.scope("bit", i);
    std::optional<bool> b;
    if (value) b = ((*value >> i) & 1) != 0;
    bits.emplace_back(AllocatedBit::alloc(cs, b));
  }
  return bits;
}

// The 255 bits of the canonical value of x, least significant first, each in scope "bit i".
template <ConstraintSystem CS>
std::vector<AllocatedBit> field_into_allocated_bits_le(CS& cs, const std::optional<Fr>& x) {
  constexpr unsigned kBits = Fr::kBits;
  std::optional<bls12_381::Limbs<4>> limbs;
  if (x) limbs = x->to_canonical();
  std::vector<AllocatedBit> bits;
  bits.reserve(kBits);
  for (unsigned i = 0; i < kBits; ++i) {
    auto scope = cs.scope("bit", i);
    std::optional<bool> b;
    if (limbs) b = (((*limbs)[i / 64] >> (i % 64)) & 1) != 0;
    bits.push_back(AllocatedBit::alloc(cs, b));
  }
  return bits;
}

}  // namespace cuzk::circuit
