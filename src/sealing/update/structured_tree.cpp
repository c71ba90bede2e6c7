#include "sealing/update/structured_tree.hpp"

#include <array>
#include <bit>
#include <string>

#include "util/error.hpp"

namespace cuzk::sealing {

StructuredMerkleTree::StructuredMerkleTree(TreeHasher hasher, const porep::PathShape& shape,
                                           LeafFunction leaf, std::uint64_t period,
                                           std::uint32_t slice_bits)
    : hasher_(hasher),
      shape_(shape),
      leaf_(std::move(leaf)),
      period_(period),
      slice_bits_(slice_bits) {
  leaves_under_.push_back(1);
  for (std::uint32_t level = 0; level < shape.levels(); ++level) {
    leaves_under_.push_back(leaves_under_.back() * shape.arity(level));
  }
  const std::uint64_t leaves = leaves_under_.back();
  if (!std::has_single_bit(period) || slice_bits >= 64 ||
      period > (std::uint64_t{1} << slice_bits) || (std::uint64_t{1} << slice_bits) > leaves) {
    throw Error("a structured Merkle tree of " + std::to_string(leaves) + " leaves cannot repeat " +
                "with period " + std::to_string(period) + " in slices of 2^" +
                std::to_string(slice_bits));
  }
  root_ = hash_node(shape.levels(), 0);
}

std::uint64_t StructuredMerkleTree::representative(std::uint32_t level, std::uint64_t index) const {
  const std::uint64_t width = leaves_under_[level];
  const std::uint64_t first = index * width;
  const std::uint64_t slice_start = first >> slice_bits_ << slice_bits_;
  // Leaf widths are powers of two (arities 2 and 8), so the classes below are aligned to width.
  if (width <= period_) return (slice_start + first % period_) / width;
  if (width <= (std::uint64_t{1} << slice_bits_)) return slice_start / width;
  return index;  // spans slices: a class of its own
}

const porep::Domain& StructuredMerkleTree::hash_node(std::uint32_t level, std::uint64_t index) {
  const std::uint64_t rep = representative(level, index);
  if (const auto it = nodes_.find(key(level, rep)); it != nodes_.end()) return it->second;
  porep::Domain value;
  if (level == 0) {
    value = leaf_(rep);
  } else {
    const std::uint32_t arity = shape_.arity(level - 1);
    std::array<porep::Domain, 16> children;
    for (std::uint32_t c = 0; c < arity; ++c) children[c] = hash_node(level - 1, rep * arity + c);
    value = hash_children(hasher_, std::span(children).first(arity));
  }
  return nodes_.emplace(key(level, rep), value).first->second;
}

const porep::Domain& StructuredMerkleTree::node(std::uint32_t level, std::uint64_t index) const {
  // Every representative was hashed on the way to the root: the parent of a representative is one.
  return nodes_.at(key(level, representative(level, index)));
}

MerkleOpening StructuredMerkleTree::open(std::uint64_t leaf) const {
  if (leaf >= leaves_under_.back()) {
    throw Error("Merkle leaf " + std::to_string(leaf) + " outside a tree of " +
                std::to_string(leaves_under_.back()) + " leaves");
  }
  return open_path(shape_, root_, leaf,
                   [this](std::uint32_t level, std::uint64_t j) { return node(level, j); });
}

}  // namespace cuzk::sealing
