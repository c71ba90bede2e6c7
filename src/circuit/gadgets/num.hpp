// Field elements in the circuit (bellpepper-core 0.2.1 gadgets/num.rs): AllocatedNum, a variable
// with its value, and Num, an unallocated linear combination with its value.
#pragma once

#include <concepts>
#include <optional>
#include <utility>
#include <vector>

#include "circuit/constraint_system.hpp"
#include "circuit/gadgets/boolean.hpp"
#include "circuit/powers_of_two.hpp"

namespace cuzk::circuit {

class AllocatedNum {
 public:
  AllocatedNum() = default;
  AllocatedNum(Variable var, std::optional<Fr> value) : var_(var), value_(value) {}

  Variable variable() const { return var_; }
  const std::optional<Fr>& value() const { return value_; }

  // A new aux "num" (no constraint). value_fn() -> Fr is called only in witness-keeping systems.
  template <ConstraintSystem CS, std::invocable ValueFn>
  static AllocatedNum alloc(CS& cs, ValueFn&& value_fn) {
    const auto v = witness_value<CS>(value_fn);
    return AllocatedNum(cs.alloc("num", [&] { return *v; }), v);
  }
  template <ConstraintSystem CS>
  static AllocatedNum alloc(CS& cs, const std::optional<Fr>& value) {
    return alloc(cs, [&] { return require_value(value); });
  }
  // A new input "input num" (no constraint).
  template <ConstraintSystem CS, std::invocable ValueFn>
  static AllocatedNum alloc_input(CS& cs, ValueFn&& value_fn) {
    const auto v = witness_value<CS>(value_fn);
    return AllocatedNum(cs.alloc_input("input num", [&] { return *v; }), v);
  }
  template <ConstraintSystem CS>
  static AllocatedNum alloc_input(CS& cs, const std::optional<Fr>& value) {
    return alloc_input(cs, [&] { return require_value(value); });
  }

  // Exposes x as a new public input p: p·1 = x.
  template <ConstraintSystem CS>
  void inputize(CS& cs) const {
    const Variable p = cs.alloc_input("input variable", [&] { return require_value(value_); });
    cs.enforce("enforce input is correct", LinearCombination(p), LinearCombination(Variable::one()),
               LinearCombination(var_));
  }

  // 255 bits, least significant first (field_into_allocated_bits_le), then the unpacking
  // constraint 0·0 = Σ 2^i·bit_i - x. Not range-strict: x + r < 2^255 also satisfies it.
  template <ConstraintSystem CS>
  std::vector<Boolean> to_bits_le(CS& cs) const {
    const std::vector<AllocatedBit> bits = field_into_allocated_bits_le(cs, value_);
    LinearCombination packed;
    packed.reserve(bits.size() + 1);
    for (std::size_t i = 0; i < bits.size(); ++i) packed.add(bits[i].variable(), power_of_two(i));
    packed.sub(var_);
    cs.enforce("unpacking constraint", LinearCombination(), LinearCombination(), std::move(packed));
    return std::vector<Boolean>(bits.begin(), bits.end());
  }

  // 255 bits, least significant first, constrained to spell a value below r: walking r - 1 from
  // its top bit, a bit under a 1 of r - 1 is free; under a 0 it must be 0 while all the higher
  // bits under 1s equal 1 (tracked as an AND of the runs of ones). 388 constraints.
  template <ConstraintSystem CS>
  std::vector<Boolean> to_bits_le_strict(CS& cs) const {
    const bls12_381::Limbs<4> r_minus_1 = (-Fr::one()).to_canonical();
    std::optional<bls12_381::Limbs<4>> x;
    if (value_) x = value_->to_canonical();
    const auto bit_of = [](const bls12_381::Limbs<4>& v, unsigned i) {
      return ((v[i / 64] >> (i % 64)) & 1) != 0;
    };

    std::vector<AllocatedBit> result;  // most significant first
    std::vector<AllocatedBit> current_run;
    std::optional<AllocatedBit> last_run;
    std::size_t i = 0;  // position counted from the top bit, as the names use it
    for (unsigned pos = Fr::kBits; pos-- > 0;) {
      std::optional<bool> x_bit;
      if (x) x_bit = bit_of(*x, pos);
      if (bit_of(r_minus_1, pos)) {
        auto scope = cs.scope("bit", i);
        const AllocatedBit b = AllocatedBit::alloc(cs, x_bit);
        current_run.push_back(b);
        result.push_back(b);
      } else {
        if (!current_run.empty()) {
          if (last_run) current_run.push_back(*last_run);
          auto scope = cs.scope("run ending at", i);
          last_run = kary_and(cs, current_run);
          current_run.clear();
        }
        auto scope = cs.scope("bit", i);
        result.push_back(AllocatedBit::alloc_conditionally(cs, x_bit, *last_run));
      }
      ++i;
    }
    LinearCombination packed;
    packed.reserve(result.size() + 1);
    for (std::size_t k = 0; k < result.size(); ++k) {
      packed.add(result[result.size() - 1 - k].variable(), power_of_two(k));
    }
    packed.sub(var_);
    cs.enforce("unpacking constraint", LinearCombination(), LinearCombination(), std::move(packed));
    return std::vector<Boolean>(result.rbegin(), result.rend());
  }

  // z = x·y: x·y = z.
  template <ConstraintSystem CS>
  AllocatedNum mul(CS& cs, const AllocatedNum& other) const {
    const auto v =
        witness_value<CS>([&] { return require_value(value_) * require_value(other.value_); });
    const Variable z = cs.alloc("product num", [&] { return *v; });
    cs.enforce("multiplication constraint", LinearCombination(var_), LinearCombination(other.var_),
               LinearCombination(z));
    return AllocatedNum(z, v);
  }

  // z = x²: x·x = z.
  template <ConstraintSystem CS>
  AllocatedNum square(CS& cs) const {
    const auto v = witness_value<CS>([&] { return require_value(value_).square(); });
    const Variable z = cs.alloc("squared num", [&] { return *v; });
    cs.enforce("squaring constraint", LinearCombination(var_), LinearCombination(var_),
               LinearCombination(z));
    return AllocatedNum(z, v);
  }

  // x ≠ 0: a new inv with x·inv = 1.
  template <ConstraintSystem CS>
  void assert_nonzero(CS& cs) const {
    const Variable inv = cs.alloc("ephemeral inverse", [&] {
      const Fr& x = require_value(value_);
      if (x.is_zero()) throw Error("circuit synthesis: division by zero in assert_nonzero");
      return x.inverse();
    });
    cs.enforce("nonzero assertion constraint", LinearCombination(var_), LinearCombination(inv),
               LinearCombination(Variable::one()));
  }

  // (b, a) if cond else (a, b): c with (a - b)·cond = a - c, then d with (b - a)·cond = b - d.
  template <ConstraintSystem CS>
  static std::pair<AllocatedNum, AllocatedNum> conditionally_reverse(CS& cs, const AllocatedNum& a,
                                                                     const AllocatedNum& b,
                                                                     const Boolean& cond) {
    AllocatedNum c, d;
    {
      auto scope = cs.scope("conditional reversal result 1");
      c = alloc(cs, [&] {
        return require_value(cond.value()) ? require_value(b.value_) : require_value(a.value_);
      });
    }
    cs.enforce("first conditional reversal", LinearCombination(a.var_).sub(b.var_), cond.lc(),
               LinearCombination(a.var_).sub(c.var_));
    {
      auto scope = cs.scope("conditional reversal result 2");
      d = alloc(cs, [&] {
        return require_value(cond.value()) ? require_value(a.value_) : require_value(b.value_);
      });
    }
    cs.enforce("second conditional reversal", LinearCombination(b.var_).sub(a.var_), cond.lc(),
               LinearCombination(b.var_).sub(d.var_));
    return {c, d};
  }

 private:
  // AND of all the bits, left to right; a single bit costs nothing.
  template <ConstraintSystem CS>
  static AllocatedBit kary_and(CS& cs, const std::vector<AllocatedBit>& v) {
    AllocatedBit cur = v.front();
    for (std::size_t i = 1; i < v.size(); ++i) {
      auto scope = cs.scope("and", i);
      cur = AllocatedBit::and_of(cs, cur, v[i]);
    }
    return cur;
  }

  Variable var_;
  std::optional<Fr> value_;
};

class Num {
 public:
  Num() : value_(Fr::zero()) {}                                         // zero, with a known value
  Num(const AllocatedNum& n) : value_(n.value()), lc_(n.variable()) {}  // NOLINT: bellpepper's From

  const std::optional<Fr>& value() const { return value_; }
  const LinearCombination& lc() const { return lc_; }
  // coeff·lc.
  LinearCombination lc(const Fr& coeff) const {
    LinearCombination out;
    out.add_scaled(coeff, lc_);
    return out;
  }

  // this += coeff·bit.
  Num& add_bool_with_coeff(const Boolean& bit, const Fr& coeff) {
    const auto b = bit.value();
    if (value_ && b) {
      if (*b) *value_ += coeff;
    } else {
      value_.reset();
    }
    bit.add_to(lc_, coeff);
    return *this;
  }
  // this += other. (bellpepper-core 0.2.1 keeps a value when only one side has one; that cannot
  // change the R1CS, and here the sum is unknown unless both are.)
  Num& add(const Num& other) {
    lc_.add(other.lc_);
    if (value_ && other.value_) {
      *value_ += *other.value_;
    } else {
      value_.reset();
    }
    return *this;
  }
  // Every coefficient and the value times s.
  Num& scale(const Fr& s) {
    lc_.scale(s);
    if (value_) *value_ *= s;
    return *this;
  }

 private:
  std::optional<Fr> value_;
  LinearCombination lc_;
};

}  // namespace cuzk::circuit
