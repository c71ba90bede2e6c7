// The Poseidon circuit Filecoin proves with: neptune v11's legacy `circuit::poseidon_hash`, kept by
// neptune because Filecoin's trusted setup was made with it. It must emit exactly neptune's R1CS:
// the same variables in the same order, the same constraints and the same coefficients (which are
// the compressed round constants and the MDS / sparse matrices of PoseidonConstants).
//
// Shape, for width t = arity + 1, h = R_F/2 (gadgets.md 8.6):
//  - the state holds "elements" that are either an allocated variable or an unallocated linear
//    combination with its value (neptune's Elt); mixing layers only recombine linear combinations
//    and cost nothing;
//  - the domain tag's first S-box is a constant, folded natively;
//  - the preimage's first S-boxes take the round-0 keys inside the constraints: 3 constraints each;
//  - every other S-box first allocates its input (1 constraint) and then costs 3 more;
//  - the output is allocated from state[1] (1 constraint).
// Constraints = aux = 4(t R_F + R_P) - t - 2: 311, 377, 505, 598, 761 for arity 2, 4, 8, 11, 16.
#pragma once

#include <cassert>
#include <optional>
#include <span>
#include <stdexcept>
#include <vector>

#include "circuit/constraint_system.hpp"
#include "circuit/gadgets/num.hpp"
#include "hashers/poseidon_constants.hpp"

namespace cuzk::circuit::poseidon {

// The native side (constants, matrices, the reference hash) lives in hashers/.
using hashers::poseidon::Matrix;
using hashers::poseidon::poseidon_constants;
using hashers::poseidon::PoseidonConstants;
using hashers::poseidon::SparseMatrix;

namespace detail {

// A state element: an allocated variable, or a linear combination not (yet) allocated together
// with its value (neptune's Elt::Allocated / Elt::Num). Kept as a bare combination rather than a
// Num so that a mix can accumulate scaled terms without copying whole combinations.
class Element {
 public:
  static Element allocated(const AllocatedNum& n) {
    Element e;
    e.allocated_ = n;
    e.value_ = n.value();
    return e;
  }
  // c·ONE, a known constant.
  static Element constant(const Fr& c) {
    Element e;
    e.lc_.add(Variable::one(), c);
    e.value_ = c;
    return e;
  }
  // The zero combination with a known value, to accumulate into.
  static Element zero() {
    Element e;
    e.value_ = Fr::zero();
    return e;
  }

  bool is_allocated() const { return allocated_.has_value(); }
  const AllocatedNum& as_allocated() const { return *allocated_; }
  const std::optional<Fr>& value() const { return value_; }
  // The element as a combination (an allocated x is 1·x).
  LinearCombination lc() const {
    return allocated_ ? LinearCombination(allocated_->variable()) : lc_;
  }

  // this += k·other; this must be a combination.
  void add_scaled(const Fr& k, const Element& other) {
    assert(!is_allocated());
    if (other.allocated_) {
      lc_.add(other.allocated_->variable(), k);
    } else {
      lc_.add_scaled(k, other.lc_);
    }
    if (value_ && other.value_) {
      *value_ += k * *other.value_;
    } else {
      value_.reset();
    }
  }
  // this += other; this must be a combination.
  void add(const Element& other) {
    assert(!is_allocated());
    if (other.allocated_) {
      lc_.add(other.allocated_->variable());
    } else {
      lc_.add(other.lc_);
    }
    if (value_ && other.value_) {
      *value_ += *other.value_;
    } else {
      value_.reset();
    }
  }

 private:
  std::optional<AllocatedNum> allocated_;
  LinearCombination lc_;
  std::optional<Fr> value_;
};

// An allocated element as is; a combination e as a new variable v with e·1 = v.
template <ConstraintSystem CS>
AllocatedNum ensure_allocated(CS& cs, const Element& e) {
  if (e.is_allocated()) return e.as_allocated();
  AllocatedNum v;
  {
    auto scope = cs.scope("allocate for Elt::Num");
    v = AllocatedNum::alloc(cs, [&] { return require_value(e.value()); });
  }
  cs.enforce("enforce num allocation preserves lc", e.lc(), LinearCombination(Variable::one()),
             LinearCombination(v.variable()));
  return v;
}

// r = (b + pre)·a + post, with (b + pre·1)·(a) = (r - post·1); a missing key leaves its term out.
template <ConstraintSystem CS>
AllocatedNum mul_sum(CS& cs, const AllocatedNum& a, const AllocatedNum& b, const Fr* pre,
                     const Fr* post) {
  AllocatedNum r;
  {
    auto scope = cs.scope("mul_sum");
    r = AllocatedNum::alloc(cs, [&] {
      Fr x = require_value(b.value());
      if (pre) x += *pre;
      x *= require_value(a.value());
      if (post) x += *post;
      return x;
    });
  }
  LinearCombination lhs(b.variable());
  if (pre) lhs.add(Variable::one(), *pre);
  LinearCombination out(r.variable());
  if (post) out.add(Variable::one(), -*post);
  const char* name = pre ? (post ? "mul sum constraint pre-post-add" : "mul sum constraint pre-add")
                         : (post ? "mul sum constraint post-add" : "mul sum constraint");
  cs.enforce(name, std::move(lhs), LinearCombination(a.variable()), std::move(out));
  return r;
}

// r = (x + k)^2, with (x + k·1)·(x + k·1) = r.
template <ConstraintSystem CS>
AllocatedNum square_sum(CS& cs, const Fr& k, const AllocatedNum& x) {
  AllocatedNum r;
  {
    auto scope = cs.scope("squared sum");
    r = AllocatedNum::alloc(cs, [&] { return (require_value(x.value()) + k).square(); });
  }
  LinearCombination sum(x.variable());
  sum.add(Variable::one(), k);
  cs.enforce("squared sum constraint", sum, sum, LinearCombination(r.variable()));
  return r;
}

template <ConstraintSystem CS>
AllocatedNum square_in(CS& cs, const char* scope_name, const AllocatedNum& x) {
  auto scope = cs.scope(scope_name);
  return x.square(cs);
}

// x^5 + post (post optional), x allocated first if it is a combination.
template <ConstraintSystem CS>
Element sbox(CS& cs, const Element& e, const Fr* post) {
  AllocatedNum l;
  {
    auto scope = cs.scope("S-box input");
    l = ensure_allocated(cs, e);
  }
  const AllocatedNum l2 = square_in(cs, "l^2", l);
  const AllocatedNum l4 = square_in(cs, "l^4", l2);
  auto scope = cs.scope("(l4 * l) + rk)");
  return Element::allocated(mul_sum(cs, l4, l, nullptr, post));
}

// (x + pre)^5 + post for an allocated preimage element x (round 0).
template <ConstraintSystem CS>
Element sbox_pre_add(CS& cs, const Element& e, const Fr& pre, const Fr& post) {
  AllocatedNum l;
  {
    auto scope = cs.scope("S-box input");
    l = ensure_allocated(cs, e);
  }
  AllocatedNum l2;
  {
    auto scope = cs.scope("(l+rk)^2");
    l2 = square_sum(cs, pre, l);
  }
  const AllocatedNum l4 = square_in(cs, "l^4", l2);
  auto scope = cs.scope("l4 * (l + rk)");
  return Element::allocated(mul_sum(cs, l4, l, &pre, &post));
}

// The legacy circuit's state machine; one instance per hash.
template <ConstraintSystem CS>
class LegacyPoseidonCircuit {
 public:
  LegacyPoseidonCircuit(const PoseidonConstants& c, std::span<const AllocatedNum> preimage)
      : c_(c) {
    state_.reserve(c.width);
    state_.push_back(Element::constant(c.domain_tag));
    for (const AllocatedNum& x : preimage) state_.push_back(Element::allocated(x));
  }

  AllocatedNum hash(CS& cs) {
    {
      auto scope = cs.scope("first round");
      first_round(cs);
    }
    for (std::size_t i = 1; i < c_.half_full_rounds; ++i) {
      auto scope = cs.scope("initial full round", i);
      full_round(cs, /*keyed=*/true);
    }
    for (std::size_t i = 0; i < c_.partial_rounds; ++i) {
      auto scope = cs.scope("partial round", i);
      partial_round(cs);
    }
    for (std::size_t i = 0; i + 1 < c_.half_full_rounds; ++i) {
      auto scope = cs.scope("final full round", i);
      full_round(cs, /*keyed=*/true);
    }
    {
      auto scope = cs.scope("terminal full round");
      full_round(cs, /*keyed=*/false);
    }
    auto scope = cs.scope("hash result");
    return ensure_allocated(cs, state_[1]);
  }

 private:
  const Fr* take_keys(std::size_t n) {
    const Fr* keys = c_.compressed_round_constants.data() + key_offset_;
    key_offset_ += n;
    assert(key_offset_ <= c_.compressed_round_constants.size());
    return keys;
  }

  void first_round(CS& cs) {
    const std::size_t t = c_.width;
    const Fr* pre = take_keys(t);
    const Fr* post = take_keys(t);
    // The tag is a known constant: its S-box is evaluated natively and stays a constant.
    const Fr tag = require_constant(state_[0]) + pre[0];
    state_[0] = Element::constant(tag.square().square() * tag + post[0]);
    for (std::size_t i = 1; i < t; ++i) {
      auto scope = cs.scope("quintic s-box", i);
      state_[i] = sbox_pre_add(cs, state_[i], pre[i], post[i]);
    }
    mix();
  }

  void full_round(CS& cs, bool keyed) {
    const std::size_t t = c_.width;
    const Fr* post = keyed ? take_keys(t) : nullptr;
    for (std::size_t i = 0; i < t; ++i) {
      auto scope = cs.scope("quintic s-box", i);
      state_[i] = sbox(cs, state_[i], keyed ? post + i : nullptr);
    }
    mix();
  }

  void partial_round(CS& cs) {
    const Fr* key = take_keys(1);
    {
      auto scope = cs.scope("solitary quintic s-box");
      state_[0] = sbox(cs, state_[0], key);
    }
    mix();
  }

  // The tag element's value, which is structural (a constant), never a witness.
  static Fr require_constant(const Element& e) {
    assert(!e.is_allocated() && e.value().has_value());
    return *e.value();
  }

  // The same matrix schedule as the native hash (PoseidonConstants), on combinations.
  void mix() {
    const std::size_t h = c_.half_full_rounds;
    if (round_ + 1 == h) {
      mix_dense(c_.pre_sparse);
    } else if (round_ >= h && round_ < h + c_.partial_rounds) {
      mix_sparse(c_.sparse[round_ - h]);
    } else {
      mix_dense(c_.mds);
    }
    ++round_;
  }

  // new_j = sum_i m[i][j]·s_i.
  void mix_dense(const Matrix& m) {
    const std::size_t t = c_.width;
    std::vector<Element> out(t, Element::zero());
    for (std::size_t j = 0; j < t; ++j) {
      for (std::size_t i = 0; i < t; ++i) out[j].add_scaled(m.at(i, j), state_[i]);
    }
    state_ = std::move(out);
  }

  // new_0 = sum_i w_hat[i]·s_i; new_j = s_j + v_rest[j-1]·s_0.
  void mix_sparse(const SparseMatrix& m) {
    const std::size_t t = c_.width;
    std::vector<Element> out(t, Element::zero());
    for (std::size_t i = 0; i < t; ++i) out[0].add_scaled(m.w_hat[i], state_[i]);
    for (std::size_t j = 1; j < t; ++j) {
      out[j].add(state_[j]);
      out[j].add_scaled(m.v_rest[j - 1], state_[0]);
    }
    state_ = std::move(out);
  }

  const PoseidonConstants& c_;
  std::vector<Element> state_;
  std::size_t key_offset_ = 0;
  std::size_t round_ = 0;
};

}  // namespace detail

// Poseidon of `preimage` (exactly constants.arity allocated numbers, used in place: no copies are
// allocated) under the MerkleTree domain tag; returns the allocated digest. Throws
// std::invalid_argument if the preimage length is not the arity.
template <ConstraintSystem CS>
AllocatedNum poseidon_hash(CS& cs, std::span<const AllocatedNum> preimage,
                           const PoseidonConstants& constants) {
  if (preimage.size() != constants.arity) {
    throw std::invalid_argument("Poseidon circuit preimage length differs from the arity");
  }
  detail::LegacyPoseidonCircuit<CS> circuit(constants, preimage);
  return circuit.hash(cs);
}

// poseidon_hash with the Standard constants of arity preimage.size().
template <ConstraintSystem CS>
AllocatedNum poseidon_hash(CS& cs, std::span<const AllocatedNum> preimage) {
  return poseidon_hash(cs, preimage, poseidon_constants(preimage.size()));
}

}  // namespace cuzk::circuit::poseidon
