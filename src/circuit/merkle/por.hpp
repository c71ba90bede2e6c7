// storage-proofs-core's PoR gadget (gadgets/por.rs): Merkle inclusion of a leaf under a root, for
// trees made of base levels of one arity, then optionally one sub-tree level and one top-tree level
// of other arities (Filecoin's compound trees, e.g. 8-8-2 for 64 GiB sectors).
//
// Per level: the index bits within the level (log2(arity) new bits, least significant first), the
// arity - 1 siblings (new variables), the insertion of the running node among them, and the hash
// of the result. Then all index bits are packed into one public input (the challenged leaf index)
// and the computed root is constrained equal to the root.
#pragma once

#include <bit>
#include <optional>
#include <span>
#include <stdexcept>
#include <vector>

#include "circuit/constraint_system.hpp"
#include "circuit/gadgets/boolean.hpp"
#include "circuit/gadgets/multipack.hpp"
#include "circuit/gadgets/num.hpp"
#include "circuit/merkle/insertion.hpp"

namespace cuzk::circuit::merkle {

// Arities of a tree; 0 means the level is absent. Each present arity is a power of two >= 2.
struct TreeShape {
  std::size_t base_arity = 2;
  std::size_t sub_arity = 0;
  std::size_t top_arity = 0;
  friend bool operator==(const TreeShape&, const TreeShape&) = default;
};

// One level of an authentication path: the running node's position among its arity - 1 siblings
// and the siblings in order. Both are empty (nullopt) in a blank circuit (key generation).
struct PathLevel {
  std::optional<std::size_t> index;
  std::vector<std::optional<Fr>> siblings;
};

struct AuthPath {
  std::vector<PathLevel> base;  // from the leaf up
  std::optional<PathLevel> sub;
  std::optional<PathLevel> top;

  // A path with no values, for a tree of `leaves` leaves of this shape.
  static AuthPath blank(const TreeShape& shape, std::size_t leaves);
};

// The number of base levels: log_base(leaves / (sub * top)), the absent arities counting as 1
// (storage-proofs-core's base_path_length).
std::size_t base_path_length(const TreeShape& shape, std::size_t leaves);

namespace detail {

inline void check_arity(std::size_t arity) {
  if (arity < 2 || !std::has_single_bit(arity)) {
    throw std::invalid_argument("Merkle tree arity must be a power of two >= 2");
  }
}

// The levels of one sub-path, each in scope "merkle tree hash i"; appends the index bits.
template <class Hasher, ConstraintSystem CS>
AllocatedNum synthesize_levels(CS& cs, std::size_t arity, std::span<const PathLevel> levels,
                               AllocatedNum cur, std::vector<Boolean>& index_bits_out) {
  if (levels.empty()) return cur;
  check_arity(arity);
  const std::size_t bit_count = static_cast<std::size_t>(std::countr_zero(arity));
  for (std::size_t level = 0; level < levels.size(); ++level) {
    const PathLevel& p = levels[level];
    if (p.siblings.size() != arity - 1) {
      throw std::invalid_argument("Merkle path level has the wrong number of siblings");
    }
    auto level_scope = cs.scope("merkle tree hash", level);
    std::vector<Boolean> bits;
    bits.reserve(bit_count);
    for (std::size_t i = 0; i < bit_count; ++i) {
      auto scope = cs.scope("index bit", i);
      std::optional<bool> bit;
      if (p.index) bit = ((*p.index >> i) & 1) != 0;
      bits.emplace_back(AllocatedBit::alloc(cs, bit));
    }
    index_bits_out.insert(index_bits_out.end(), bits.begin(), bits.end());
    std::vector<AllocatedNum> siblings;
    siblings.reserve(arity - 1);
    for (std::size_t i = 0; i < arity - 1; ++i) {
      auto scope = cs.scope("path element", i);
      siblings.push_back(AllocatedNum::alloc(cs, p.siblings[i]));
    }
    const std::vector<AllocatedNum> inserted = insert(cs, cur, bits, siblings);
    auto scope = cs.scope("computation of commitment hash");
    cur = Hasher::hash_multi_leaf(cs, std::span<const AllocatedNum>(inserted));
  }
  return cur;
}

template <class Hasher, ConstraintSystem CS>
AllocatedNum synthesize_optional_level(CS& cs, const char* name, std::size_t arity,
                                       const std::optional<PathLevel>& level, AllocatedNum cur,
                                       std::vector<Boolean>& bits) {
  if ((arity == 0) != !level.has_value()) {
    throw std::invalid_argument("Merkle path does not match the tree shape");
  }
  auto scope = cs.scope(name);
  if (!level) return cur;
  return synthesize_levels<Hasher>(cs, arity, std::span<const PathLevel>(&*level, 1), cur, bits);
}

}  // namespace detail

namespace detail {

// The levels in scopes "base", "sub" and "top", then one public input packing all index bits
// (scope "path"); returns the computed root.
template <class Hasher, ConstraintSystem CS>
AllocatedNum root_from_path(CS& cs, const TreeShape& shape, const AuthPath& path,
                            const AllocatedNum& leaf) {
  check_arity(shape.base_arity);
  std::vector<Boolean> index_bits;
  AllocatedNum cur;
  {
    auto scope = cs.scope("base");
    cur = synthesize_levels<Hasher>(cs, shape.base_arity, path.base, leaf, index_bits);
  }
  cur = synthesize_optional_level<Hasher>(cs, "sub", shape.sub_arity, path.sub, cur, index_bits);
  cur = synthesize_optional_level<Hasher>(cs, "top", shape.top_arity, path.top, cur, index_bits);
  auto scope = cs.scope("path");
  pack_into_inputs(cs, std::span<const Boolean>(index_bits));
  return cur;
}

template <ConstraintSystem CS>
void enforce_root(CS& cs, const AllocatedNum& computed, const AllocatedNum& root) {
  cs.enforce("enforce root is correct", LinearCombination(computed.variable()),
             LinearCombination(Variable::one()), LinearCombination(root.variable()));
}

}  // namespace detail

// The inclusion proof on an allocated leaf and root, as the PoRep circuit's enforce_inclusion
// runs it (PoRCircuit::synthesize with Root::Var for both and private = true): the levels, the
// index input, then computed_root·1 = root ("enforce root is correct"). Adds the levels' cost
// (per level: bits + insertion + hash) plus 2 constraints and 1 public input.
template <class Hasher, ConstraintSystem CS>
void enforce_inclusion(CS& cs, const TreeShape& shape, const AuthPath& path,
                       const AllocatedNum& leaf, const AllocatedNum& root) {
  const AllocatedNum computed = detail::root_from_path<Hasher>(cs, shape, path, leaf);
  detail::enforce_root(cs, computed, root);
}

// storage-proofs-core's por_no_challenge_input: inclusion of an allocated leaf under an allocated
// root where the caller owns everything else. The path's siblings come allocated (one row per
// level: base rows, then the sub row, then the top row, as the tree's shape says) and the
// position is the challenge's bits, least significant first, log2(arity) consumed per level; no
// bit is allocated and nothing becomes a public input. Per level: the insertion (scope "merkle
// proof insert" height) and the hash (scope "merkle proof hash" height); then
// computed_root·1 = root. EmptySectorUpdate proves all its paths this way.
template <class Hasher, ConstraintSystem CS>
void enforce_inclusion_at(CS& cs, const TreeShape& shape, std::span<const Boolean> challenge_bits,
                          const AllocatedNum& leaf, std::span<const std::vector<AllocatedNum>> path,
                          const AllocatedNum& root) {
  detail::check_arity(shape.base_arity);
  const std::size_t upper_rows = (shape.sub_arity > 0 ? 1 : 0) + (shape.top_arity > 0 ? 1 : 0);
  if (path.size() < upper_rows) {
    throw std::invalid_argument("Merkle path does not match the tree shape");
  }
  const std::size_t base_rows = path.size() - upper_rows;
  AllocatedNum cur = leaf;
  std::size_t bit = 0;
  for (std::size_t height = 0; height < path.size(); ++height) {
    const std::size_t arity = height < base_rows ? shape.base_arity
                              : height == base_rows
                                  ? (shape.sub_arity > 0 ? shape.sub_arity : shape.top_arity)
                                  : shape.top_arity;
    detail::check_arity(arity);
    if (path[height].size() != arity - 1) {
      throw std::invalid_argument("Merkle path level has the wrong number of siblings");
    }
    const std::size_t bit_count = static_cast<std::size_t>(std::countr_zero(arity));
    if (bit + bit_count > challenge_bits.size()) {
      throw std::invalid_argument("Merkle path is longer than the challenge's bits");
    }
    std::vector<AllocatedNum> preimage;
    {
      auto scope = cs.scope("merkle proof insert", height);
      preimage = insert(cs, cur, challenge_bits.subspan(bit, bit_count),
                        std::span<const AllocatedNum>(path[height]));
    }
    bit += bit_count;
    auto scope = cs.scope("merkle proof hash", height);
    cur = Hasher::hash_multi_leaf(cs, std::span<const AllocatedNum>(preimage));
  }
  if (bit != challenge_bits.size()) {
    throw std::invalid_argument("challenge bit length and tree arity do not agree");
  }
  cs.enforce("calculated root == provided root", LinearCombination(cur.variable()),
             LinearCombination(Variable::one()), LinearCombination(root.variable()));
}

// The stand-alone PoR circuit (PoRCircuit with Root::Val values, as storage-proofs-core's
// por_circuit tests run it): the leaf allocated first (scope "value"), the root after the index
// input (scope "root_value"), and, when the root is public, exposed as a second input (scope
// "root") after the equality.
template <class Hasher, ConstraintSystem CS>
void por_circuit(CS& cs, const TreeShape& shape, const AuthPath& path,
                 const std::optional<Fr>& leaf, const std::optional<Fr>& root, bool private_root) {
  AllocatedNum leaf_num;
  {
    auto scope = cs.scope("value");
    leaf_num = AllocatedNum::alloc(cs, leaf);
  }
  const AllocatedNum computed = detail::root_from_path<Hasher>(cs, shape, path, leaf_num);
  AllocatedNum root_num;
  {
    auto scope = cs.scope("root_value");
    root_num = AllocatedNum::alloc(cs, root);
  }
  detail::enforce_root(cs, computed, root_num);
  if (!private_root) {
    auto scope = cs.scope("root");
    root_num.inputize(cs);
  }
}

}  // namespace cuzk::circuit::merkle
