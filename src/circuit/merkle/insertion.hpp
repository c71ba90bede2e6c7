// storage-proofs-core's insertion gadgets (gadgets/insertion.rs): placing the running Merkle node
// among its siblings at the position given by the path's index bits, with the hand-optimized
// circuits for 2, 4 and 8 children that Filecoin's trees use, and the generic select for others.
#pragma once

#include <cassert>
#include <span>
#include <stdexcept>
#include <vector>

#include "circuit/constraint_system.hpp"
#include "circuit/gadgets/boolean.hpp"
#include "circuit/gadgets/num.hpp"

namespace cuzk::circuit::merkle {

// c = a if cond else b: one new variable c ("pick result") and (b - a)·cond = (b - c) ("pick").
template <ConstraintSystem CS>
AllocatedNum pick(CS& cs, const Boolean& cond, const AllocatedNum& a, const AllocatedNum& b) {
  AllocatedNum c;
  {
    auto scope = cs.scope("pick result");
    c = AllocatedNum::alloc(cs, [&] {
      return require_value(cond.value()) ? require_value(a.value()) : require_value(b.value());
    });
  }
  // cond = 1 gives b - a = b - c, so c = a; cond = 0 gives 0 = b - c, so c = b.
  cs.enforce("pick", LinearCombination(b.variable()).sub(a.variable()), cond.lc(),
             LinearCombination(b.variable()).sub(c.variable()));
  return c;
}

// pick in its own scope, as every named pick of insert and select is.
template <ConstraintSystem CS>
AllocatedNum pick_in(CS& cs, Name scope_name, const Boolean& cond, const AllocatedNum& a,
                     const AllocatedNum& b) {
  auto scope = cs.scope(scope_name);
  return pick(cs, cond, a, b);
}

// from[n], where n is given by bits least significant first (from.size() == 2^bits.size()): a
// binary tree of picks consuming the most significant bit first, from.size() - 1 constraints.
template <ConstraintSystem CS>
AllocatedNum select(CS& cs, std::span<const AllocatedNum> from, std::span<const Boolean> bits) {
  if (from.size() != (std::size_t{1} << bits.size())) {
    throw std::invalid_argument("select: the choices are not 2^(number of index bits)");
  }
  std::vector<AllocatedNum> state(from.begin(), from.end());
  std::size_t half = state.size() / 2;
  for (std::size_t i = 0; i < bits.size(); ++i) {
    const Boolean& bit = bits[bits.size() - 1 - i];
    std::vector<AllocatedNum> next;
    next.reserve(half);
    // bellpepper names each pick "pick {i}, {j}", which does not fit Name (one number); here the
    // level is a scope holding "choice j". Only TestCS paths see the difference.
    auto level_scope = cs.scope("pick", i);
    for (std::size_t j = 0; j < half; ++j) {
      next.push_back(pick_in(cs, Name("choice", j), bit, state[half + j], state[j]));
    }
    state = std::move(next);
    half /= 2;
  }
  return state.front();
}

namespace detail {

template <ConstraintSystem CS>
std::vector<AllocatedNum> insert_2(CS& cs, const AllocatedNum& a, const Boolean& b0,
                                   const AllocatedNum& b) {
  std::vector<AllocatedNum> out;
  out.push_back(pick_in(cs, "binary insert 0", b0, b, a));
  out.push_back(pick_in(cs, "binary insert 1", b0, a, b));
  return out;
}

// Position p's value as a function of the index n = b0 + 2·b1, written as picks on one bit at a
// time; pX_x0 reads "position X when b1 = 0, b0 still open".
template <ConstraintSystem CS>
std::vector<AllocatedNum> insert_4(CS& cs, const AllocatedNum& a, std::span<const Boolean> bits,
                                   std::span<const AllocatedNum> s) {
  const Boolean& b0 = bits[0];
  const Boolean& b1 = bits[1];
  const AllocatedNum &b = s[0], &c = s[1], &d = s[2];
  const AllocatedNum p0_x0 = pick_in(cs, "p0_x0", b0, b, a);
  const AllocatedNum p0 = pick_in(cs, "p0", b1, b, p0_x0);
  const AllocatedNum p1_x0 = pick_in(cs, "p1_x0", b0, a, b);
  const AllocatedNum p1 = pick_in(cs, "p1", b1, c, p1_x0);
  const AllocatedNum p2_x1 = pick_in(cs, "p2_x1", b0, d, a);
  const AllocatedNum p2 = pick_in(cs, "p2", b1, p2_x1, c);
  const AllocatedNum p3_x1 = pick_in(cs, "p3_x1", b0, a, d);
  const AllocatedNum p3 = pick_in(cs, "p3", b1, p3_x1, d);
  return {p0, p1, p2, p3};
}

// As insert_4 with n = b0 + 2·b1 + 4·b2; two shared bits, (b0 nor b1) and (b0 and b1), shorten
// the positions whose value depends on both low bits at once.
template <ConstraintSystem CS>
std::vector<AllocatedNum> insert_8(CS& cs, const AllocatedNum& a, std::span<const Boolean> bits,
                                   std::span<const AllocatedNum> s) {
  for (std::size_t i = 0; i < 2; ++i) {
    if (bits[i].kind() != Boolean::Kind::kIs) {
      throw std::invalid_argument("insert of 8: the low index bits must be allocated, unnegated");
    }
  }
  const Boolean& b0 = bits[0];
  const Boolean& b1 = bits[1];
  const Boolean& b2 = bits[2];
  Boolean b0_nor_b1, b0_and_b1;
  {
    auto scope = cs.scope("b0 nor b1");
    b0_nor_b1 = AllocatedBit::nor(cs, b0.bit(), b1.bit());
  }
  {
    auto scope = cs.scope("b0 and b1");
    b0_and_b1 = AllocatedBit::and_of(cs, b0.bit(), b1.bit());
  }
  const AllocatedNum &b = s[0], &c = s[1], &d = s[2], &e = s[3], &f = s[4], &g = s[5], &h = s[6];

  const AllocatedNum p0_xx0 = pick_in(cs, "p0_xx0", b0_nor_b1, a, b);
  const AllocatedNum p0 = pick_in(cs, "p0", b2, b, p0_xx0);

  const AllocatedNum p1_x00 = pick_in(cs, "p1_x00", b0, a, b);
  const AllocatedNum p1_xx0 = pick_in(cs, "p1_xx0", b1, c, p1_x00);
  const AllocatedNum p1 = pick_in(cs, "p1", b2, c, p1_xx0);

  const AllocatedNum p2_x10 = pick_in(cs, "p2_x10", b0, d, a);
  const AllocatedNum p2_xx0 = pick_in(cs, "p2_xx0", b1, p2_x10, c);
  const AllocatedNum p2 = pick_in(cs, "p2", b2, d, p2_xx0);

  const AllocatedNum p3_xx0 = pick_in(cs, "p3_xx0", b0_and_b1, a, d);
  const AllocatedNum p3 = pick_in(cs, "p3", b2, e, p3_xx0);

  const AllocatedNum p4_xx1 = pick_in(cs, "p4_xx1", b0_nor_b1, a, f);
  const AllocatedNum p4 = pick_in(cs, "p4", b2, p4_xx1, e);

  const AllocatedNum p5_x01 = pick_in(cs, "p5_x01", b0, a, f);
  const AllocatedNum p5_xx1 = pick_in(cs, "p5_xx1", b1, g, p5_x01);
  const AllocatedNum p5 = pick_in(cs, "p5", b2, p5_xx1, f);

  const AllocatedNum p6_x11 = pick_in(cs, "p6_x11", b0, h, a);
  const AllocatedNum p6_xx1 = pick_in(cs, "p6_xx1", b1, p6_x11, g);
  const AllocatedNum p6 = pick_in(cs, "p6", b2, p6_xx1, g);

  const AllocatedNum p7_xx1 = pick_in(cs, "p7_xx1", b0_and_b1, a, h);
  const AllocatedNum p7 = pick_in(cs, "p7", b2, p7_xx1, h);

  return {p0, p1, p2, p3, p4, p5, p6, p7};
}

}  // namespace detail

// `element` inserted among `siblings` at index n (bits least significant first), the siblings
// keeping their order: the result has element at position n. siblings.size() + 1 must be
// 2^bits.size(). Costs 2, 8 and 22 constraints for 2, 4 and 8 children; other sizes take the
// generic path, one select per position: size·(size - 1) constraints.
template <ConstraintSystem CS>
std::vector<AllocatedNum> insert(CS& cs, const AllocatedNum& element, std::span<const Boolean> bits,
                                 std::span<const AllocatedNum> siblings) {
  const std::size_t size = siblings.size() + 1;
  if (size != (std::size_t{1} << bits.size())) {
    throw std::invalid_argument("insert: siblings + 1 is not 2^(number of index bits)");
  }
  if (size == 2) return detail::insert_2(cs, element, bits[0], siblings[0]);
  if (size == 4) return detail::insert_4(cs, element, bits, siblings);
  if (size == 8) return detail::insert_8(cs, element, bits, siblings);

  std::vector<AllocatedNum> result;
  result.reserve(size);
  std::vector<AllocatedNum> choices(size);
  for (std::size_t pos = 0; pos < size; ++pos) {
    // Position pos holds siblings[pos] when the index is above pos, the element when it equals
    // pos, and siblings[pos - 1] when it is below.
    for (std::size_t index = 0; index < size; ++index) {
      choices[index] = index > pos ? siblings[pos] : index == pos ? element : siblings[pos - 1];
    }
    auto scope = cs.scope("choice at", pos);
    result.push_back(select(cs, std::span<const AllocatedNum>(choices), bits));
  }
  return result;
}

}  // namespace cuzk::circuit::merkle
