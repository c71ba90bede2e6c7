#include "sealing/merkle_tree.hpp"

#include <string>

#include "util/error.hpp"
#include "util/parallel_for.hpp"

namespace cuzk::sealing {
namespace {

void check_leaf(std::uint64_t leaf, const porep::PathShape& shape) {
  if (leaf >= leaf_count(shape)) {
    throw Error("Merkle leaf " + std::to_string(leaf) + " outside a tree of " +
                std::to_string(leaf_count(shape)) + " leaves");
  }
}

}  // namespace

std::uint64_t leaf_count(const porep::PathShape& shape) {
  std::uint64_t n = 1;
  for (std::uint32_t level = 0; level < shape.levels(); ++level) n *= shape.arity(level);
  return n;
}

MerkleOpening open_path(const porep::PathShape& shape, const porep::Domain& root,
                        std::uint64_t leaf, const NodeValue& node) {
  MerkleOpening out;
  out.root = root;
  out.leaf = node(0, leaf);
  out.shape = shape;
  out.siblings.reserve(shape.sibling_count());
  std::uint64_t index = leaf;
  for (std::uint32_t level = 0; level < shape.levels(); ++level) {
    const std::uint32_t arity = shape.arity(level);
    const std::uint64_t first = index - index % arity;
    for (std::uint64_t j = first; j < first + arity; ++j) {
      if (j != index) out.siblings.push_back(node(level, j));
    }
    out.indices.push_back(static_cast<std::uint8_t>(index % arity));
    index /= arity;
  }
  return out;
}

FullMerkleTree::FullMerkleTree(TreeHasher hasher, const porep::PathShape& shape,
                               std::vector<porep::Domain> leaves)
    : shape_(shape) {
  if (leaves.size() != leaf_count(shape)) {
    throw Error("a Merkle tree of " + std::to_string(leaf_count(shape)) + " leaves was given " +
                std::to_string(leaves.size()));
  }
  levels_.reserve(shape.levels() + 1);
  levels_.push_back(std::move(leaves));
  for (std::uint32_t level = 0; level < shape.levels(); ++level) {
    const std::uint32_t arity = shape.arity(level);
    const std::vector<porep::Domain>& below = levels_.back();
    std::vector<porep::Domain> above(below.size() / arity);
    parallel_for(above.size(), 4096, [&](std::uint64_t i) {
      above[i] = hash_children(hasher, std::span(below).subspan(i * arity, arity));
    });
    levels_.push_back(std::move(above));
  }
}

MerkleOpening FullMerkleTree::open(std::uint64_t leaf) const {
  check_leaf(leaf, shape_);
  return open_path(shape_, root(), leaf,
                   [this](std::uint32_t level, std::uint64_t j) { return levels_[level][j]; });
}

SparseMerkleTree::SparseMerkleTree(TreeHasher hasher, const porep::PathShape& shape,
                                   std::map<std::uint64_t, porep::Domain> leaves, NodeFiller filler)
    : shape_(shape), filler_(std::move(filler)) {
  if (leaves.empty()) throw Error("a sparse Merkle tree needs at least one leaf");
  check_leaf(leaves.rbegin()->first, shape);
  levels_.reserve(shape.levels() + 1);
  levels_.push_back(std::move(leaves));
  for (std::uint32_t level = 0; level < shape.levels(); ++level) {
    const std::uint32_t arity = shape.arity(level);
    std::vector<std::uint64_t> parents;
    for (const auto& [index, value] : levels_.back()) {
      if (parents.empty() || parents.back() != index / arity) parents.push_back(index / arity);
    }
    std::vector<porep::Domain> values(parents.size());
    parallel_for(parents.size(), 16, [&](std::uint64_t p) {
      std::vector<porep::Domain> children(arity);
      for (std::uint32_t j = 0; j < arity; ++j) children[j] = value(level, parents[p] * arity + j);
      values[p] = hash_children(hasher, children);
    });
    std::map<std::uint64_t, porep::Domain> above;
    for (std::size_t p = 0; p < parents.size(); ++p)
      above.emplace_hint(above.end(), parents[p], values[p]);
    levels_.push_back(std::move(above));
  }
}

porep::Domain SparseMerkleTree::value(std::uint32_t level, std::uint64_t index) const {
  const auto& nodes = levels_[level];
  const auto it = nodes.find(index);
  return it != nodes.end() ? it->second : filler_(level, index);
}

MerkleOpening SparseMerkleTree::open(std::uint64_t leaf) const {
  if (!levels_.front().contains(leaf)) {
    throw Error("leaf " + std::to_string(leaf) + " of a sparse Merkle tree was not given");
  }
  return open_path(shape_, root(), leaf,
                   [this](std::uint32_t level, std::uint64_t j) { return value(level, j); });
}

namespace {

// k such that base_arity^k == period, if k <= base_levels; throws otherwise.
std::uint32_t period_levels(const porep::PathShape& shape, std::uint64_t period) {
  std::uint64_t n = 1;
  for (std::uint32_t k = 0; k <= shape.base_levels; ++k, n *= shape.base_arity) {
    if (n == period) return k;
  }
  throw Error("a period of " + std::to_string(period) + " leaves does not fill whole subtrees");
}

porep::PathShape lowest_levels(const porep::PathShape& shape, std::uint32_t k) {
  return porep::PathShape{.base_arity = shape.base_arity, .base_levels = k};
}

}  // namespace

PeriodicMerkleTree::PeriodicMerkleTree(TreeHasher hasher, const porep::PathShape& shape,
                                       std::vector<porep::Domain> period)
    : shape_(shape),
      period_levels_(period_levels(shape, period.size())),
      period_tree_(hasher, lowest_levels(shape, period_levels_), std::move(period)) {
  upper_.push_back(period_tree_.root());
  std::vector<porep::Domain> children;
  for (std::uint32_t level = period_levels_; level < shape.levels(); ++level) {
    children.assign(shape.arity(level), upper_.back());
    upper_.push_back(hash_children(hasher, children));
  }
  root_ = upper_.back();
}

MerkleOpening PeriodicMerkleTree::open(std::uint64_t leaf) const {
  check_leaf(leaf, shape_);
  const std::uint64_t period = leaf_count(lowest_levels(shape_, period_levels_));
  MerkleOpening out = period_tree_.open(leaf % period);
  out.root = root_;
  out.shape = shape_;
  std::uint64_t index = leaf / period;
  for (std::uint32_t level = period_levels_; level < shape_.levels(); ++level) {
    const std::uint32_t arity = shape_.arity(level);
    out.siblings.insert(out.siblings.end(), arity - 1, upper_[level - period_levels_]);
    out.indices.push_back(static_cast<std::uint8_t>(index % arity));
    index /= arity;
  }
  return out;
}

}  // namespace cuzk::sealing
