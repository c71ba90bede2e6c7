#include "circuit/native/merkle_trace.hpp"

#include <stdexcept>
#include <string>

#include "circuit/constraint_system.hpp"
#include "util/error.hpp"

namespace cuzk::circuit::native {

void insertion_trace(AuxWriter& out, const Fr& a, std::size_t index, std::span<const Fr> s,
                     std::span<Fr> children) {
  const bool b0 = (index & 1) != 0;
  const bool b1 = (index & 2) != 0;
  const bool b2 = (index & 4) != 0;
  // pick(cond, x, y): x when cond, else y; one variable each, in insertion.hpp's order.
  const auto pick = [&](bool cond, const Fr& x, const Fr& y) {
    const Fr& v = cond ? x : y;
    out.put(v);
    return v;
  };
  switch (s.size() + 1) {
    case 2:
      children[0] = pick(b0, s[0], a);
      children[1] = pick(b0, a, s[0]);
      return;
    case 4: {
      const Fr &b = s[0], &c = s[1], &d = s[2];
      children[0] = pick(b1, b, pick(b0, b, a));
      children[1] = pick(b1, c, pick(b0, a, b));
      const Fr p2_x1 = pick(b0, d, a);
      children[2] = pick(b1, p2_x1, c);
      const Fr p3_x1 = pick(b0, a, d);
      children[3] = pick(b1, p3_x1, d);
      return;
    }
    case 8: {
      const bool nor = !b0 && !b1;
      const bool both = b0 && b1;
      out.put_bit(nor);
      out.put_bit(both);
      const Fr &b = s[0], &c = s[1], &d = s[2], &e = s[3], &f = s[4], &g = s[5], &h = s[6];
      children[0] = pick(b2, b, pick(nor, a, b));
      children[1] = pick(b2, c, pick(b1, c, pick(b0, a, b)));
      children[2] = pick(b2, d, pick(b1, pick(b0, d, a), c));
      children[3] = pick(b2, e, pick(both, a, d));
      const Fr p4_xx1 = pick(nor, a, f);
      children[4] = pick(b2, p4_xx1, e);
      const Fr p5_xx1 = pick(b1, g, pick(b0, a, f));
      children[5] = pick(b2, p5_xx1, f);
      const Fr p6_xx1 = pick(b1, pick(b0, h, a), g);
      children[6] = pick(b2, p6_xx1, g);
      const Fr p7_xx1 = pick(both, a, h);
      children[7] = pick(b2, p7_xx1, h);
      return;
    }
    default:
      throw Error("native witness: no insertion trace for " + std::to_string(s.size() + 1) +
                  " children (Filecoin's trees use 2, 4 and 8)");
  }
}

Fr select_trace(AuxWriter& out, std::span<const Fr> from, std::size_t index,
                std::size_t bit_count) {
  if (bit_count >= 64 || from.size() != (std::size_t{1} << bit_count)) {
    throw std::invalid_argument("select: the choices are not 2^(number of index bits)");
  }
  // Level i keeps the lower or the upper half by bit (bit_count - 1 - i); picks j write only
  // below `half`, so state[half + j] is still the previous level's when read.
  std::vector<Fr> state(from.begin(), from.end());
  std::size_t half = state.size() / 2;
  for (std::size_t i = 0; i < bit_count; ++i, half /= 2) {
    const bool upper = ((index >> (bit_count - 1 - i)) & 1) != 0;
    for (std::size_t j = 0; j < half; ++j) {
      if (upper) state[j] = state[half + j];
      out.put(state[j]);
    }
  }
  return state.front();
}

Fr path_index_input(const merkle::TreeShape& shape, const merkle::AuthPath& path) {
  std::uint64_t value = 0;
  unsigned bits = 0;
  const auto level = [&](std::size_t arity, const merkle::PathLevel& l) {
    const auto width = static_cast<unsigned>(std::countr_zero(arity));
    if (bits + width > 64) throw Error("native witness: a Merkle path of more than 64 index bits");
    value |= (require_value(l.index) & (arity - 1)) << bits;
    bits += width;
  };
  for (const merkle::PathLevel& l : path.base) level(shape.base_arity, l);
  if (path.sub) level(shape.sub_arity, *path.sub);
  if (path.top) level(shape.top_arity, *path.top);
  return Fr::from_u64(value);
}

namespace detail {

std::vector<Fr> level_children(AuxWriter& out, std::size_t arity, const merkle::PathLevel& level,
                               const Fr& node) {
  if (level.siblings.size() != arity - 1) {
    throw std::invalid_argument("Merkle path level has the wrong number of siblings");
  }
  const std::size_t index = require_value(level.index) & (arity - 1);
  const auto bit_count = static_cast<unsigned>(std::countr_zero(arity));
  out.put_bits(index, bit_count);
  std::vector<Fr> siblings(arity - 1);
  for (std::size_t i = 0; i + 1 < arity; ++i) {
    siblings[i] = require_value(level.siblings[i]);
    out.put(siblings[i]);
  }
  std::vector<Fr> children(arity);
  insertion_trace(out, node, index, siblings, children);
  return children;
}

}  // namespace detail

}  // namespace cuzk::circuit::native
