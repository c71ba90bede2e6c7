// storage-proofs-core's PoR gadget (merkle/por.hpp, merkle/insertion.hpp) computed natively: per
// level the index bits, the siblings, the insertion's picks and what the node hash allocates, in
// the gadget's order; and the public input packing the index bits.
#pragma once

#include <bit>
#include <cstddef>
#include <optional>
#include <span>
#include <stdexcept>
#include <vector>

#include "circuit/merkle/por.hpp"
#include "circuit/native/aux_writer.hpp"

namespace cuzk::circuit::native {

// insert() for 2, 4 or 8 children: writes the picks (and, for 8, the two shared bits) and fills
// `children` with `element` at position `index` among `siblings`. Other sizes throw cuzk::Error.
void insertion_trace(AuxWriter& out, const Fr& element, std::size_t index,
                     std::span<const Fr> siblings, std::span<Fr> children);

// The value pack_into_inputs gives the path's index bits (base levels, then sub, then top).
Fr path_index_input(const merkle::TreeShape& shape, const merkle::AuthPath& path);

namespace detail {

// A level's values; `index` and the siblings must be known (cuzk::Error otherwise).
std::vector<Fr> level_children(AuxWriter& out, std::size_t arity, const merkle::PathLevel& level,
                               const Fr& node);

}  // namespace detail

// enforce_inclusion's allocations, `leaf` being the already allocated leaf; returns the root the
// path computes. node_hash(out, children) writes what the tree's hash circuit allocates and
// returns the parent. Throws like the gadget on a path that does not fit the shape.
template <class NodeHash>
Fr path_trace(AuxWriter& out, const merkle::TreeShape& shape, const merkle::AuthPath& path,
              const Fr& leaf, NodeHash&& node_hash) {
  merkle::detail::check_arity(shape.base_arity);
  Fr node = leaf;
  const auto level = [&](std::size_t arity, const merkle::PathLevel& l) {
    const std::vector<Fr> children = detail::level_children(out, arity, l, node);
    node = node_hash(out, std::span<const Fr>(children));
  };
  for (const merkle::PathLevel& l : path.base) level(shape.base_arity, l);
  const auto optional_level = [&](std::size_t arity, const std::optional<merkle::PathLevel>& l) {
    if ((arity == 0) != !l.has_value()) {
      throw std::invalid_argument("Merkle path does not match the tree shape");
    }
    if (l) {
      merkle::detail::check_arity(arity);
      level(arity, *l);
    }
  };
  optional_level(shape.sub_arity, path.sub);
  optional_level(shape.top_arity, path.top);
  return node;
}

}  // namespace cuzk::circuit::native
