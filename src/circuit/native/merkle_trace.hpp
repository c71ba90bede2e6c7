// storage-proofs-core's PoR gadget (merkle/por.hpp, merkle/insertion.hpp) computed natively: per
// level the index bits, the siblings, the insertion's picks and what the node hash allocates, in
// the gadget's order; and the public input packing the index bits. Also enforce_inclusion_at
// (siblings and position given, as the update circuit proves its paths) and select.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
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

// select()'s picks (merkle/insertion.hpp): from[index], the index given by its low `bit_count`
// bits, the most significant consumed first; returns from[index]. from.size() must be
// 2^bit_count (std::invalid_argument otherwise, as select throws).
Fr select_trace(AuxWriter& out, std::span<const Fr> from, std::size_t index, std::size_t bit_count);

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

// enforce_inclusion_at's allocations (merkle/por.hpp; the update circuit proves its paths so):
// the siblings come already allocated, as rows (base rows, then the sub and top rows), and the
// position is the low `index_bits` bits of `index`, log2(arity) consumed per row; per row the
// insertion's picks and what node_hash(out, children) writes. Returns the root the path computes.
// Throws like the gadget on a path that does not fit the shape or the bits.
template <class NodeHash>
Fr inclusion_at_trace(AuxWriter& out, const merkle::TreeShape& shape, std::uint64_t index,
                      std::size_t index_bits, const Fr& leaf, std::span<const std::vector<Fr>> path,
                      NodeHash&& node_hash) {
  merkle::detail::check_arity(shape.base_arity);
  const std::size_t upper_rows = merkle::detail::upper_path_rows(shape);
  if (path.size() < upper_rows) {
    throw std::invalid_argument("Merkle path does not match the tree shape");
  }
  const std::size_t base_rows = path.size() - upper_rows;
  Fr node = leaf;
  std::size_t bit = 0;
  std::vector<Fr> children;
  for (std::size_t height = 0; height < path.size(); ++height) {
    const std::size_t arity = merkle::detail::path_row_arity(shape, base_rows, height);
    merkle::detail::check_arity(arity);
    if (path[height].size() != arity - 1) {
      throw std::invalid_argument("Merkle path level has the wrong number of siblings");
    }
    const auto bit_count = static_cast<std::size_t>(std::countr_zero(arity));
    if (bit + bit_count > index_bits) {
      throw std::invalid_argument("Merkle path is longer than the challenge's bits");
    }
    children.resize(arity);
    insertion_trace(out, node, (index >> bit) & (arity - 1), path[height], children);
    bit += bit_count;
    node = node_hash(out, std::span<const Fr>(children));
  }
  if (bit != index_bits) {
    throw std::invalid_argument("challenge bit length and tree arity do not agree");
  }
  return node;
}

}  // namespace cuzk::circuit::native
