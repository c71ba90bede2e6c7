// Merkle trees of a generated sector, all answering the same question: the root, and the opening
// of one leaf as the C1 file stores it. Three kinds:
//  * FullMerkleTree: every node computed from every leaf (a really sealed sector);
//  * SparseMerkleTree: only the paths of the given leaves are hashed; every other node is a
//    deterministic filler value (the roots of untouched subtrees of an unsealed 32/64 GiB replica);
//  * PeriodicMerkleTree: leaves repeating with a short period, so that every node above the period
//    is the hash of equal children (the data of an unsealed 32/64 GiB sector, whose root must be
//    fixed before the challenges are known).
// A tree's levels follow a porep::PathShape: base levels, then the sub and top levels if any;
// leaf i sits at the mixed-radix position whose lowest digit is the base level's.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <span>
#include <vector>

#include "porep/c1_output.hpp"
#include "sealing/tree_hash.hpp"
#include "sealing/vanilla_proof.hpp"

namespace cuzk::sealing {

class MerkleTree {
 public:
  virtual ~MerkleTree() = default;
  virtual const porep::Domain& root() const = 0;
  // Throws cuzk::Error if leaf is outside the tree.
  virtual MerkleOpening open(std::uint64_t leaf) const = 0;
};

// The number of leaves of a tree of this shape: the product of its level arities.
std::uint64_t leaf_count(const porep::PathShape& shape);

// The value of node `index` of `level` (0 = the leaves) in some tree.
using NodeValue = std::function<porep::Domain(std::uint32_t level, std::uint64_t index)>;

// The opening of `leaf` in a tree of `shape` and `root` whose nodes `node` gives: every tree kind
// walks its path the same way and differs only in where a node's value comes from.
MerkleOpening open_path(const porep::PathShape& shape, const porep::Domain& root,
                        std::uint64_t leaf, const NodeValue& node);

class FullMerkleTree final : public MerkleTree {
 public:
  // leaves.size() must be leaf_count(shape). Each level is hashed in parallel (OpenMP).
  FullMerkleTree(TreeHasher hasher, const porep::PathShape& shape,
                 std::vector<porep::Domain> leaves);

  const porep::Domain& root() const override { return levels_.back().front(); }
  MerkleOpening open(std::uint64_t leaf) const override;
  std::span<const porep::Domain> leaves() const { return levels_.front(); }

 private:
  porep::PathShape shape_;
  std::vector<std::vector<porep::Domain>> levels_;  // [0] the leaves, back() the root alone
};

// The value of a node that no given leaf lies under: (level, index within the level) -> value.
using NodeFiller = NodeValue;

class SparseMerkleTree final : public MerkleTree {
 public:
  // Only the given leaves can be opened: the filler values are not hashes of their children, so
  // the path of any other leaf would not lead to the root. The filler must be a pure function.
  SparseMerkleTree(TreeHasher hasher, const porep::PathShape& shape,
                   std::map<std::uint64_t, porep::Domain> leaves, NodeFiller filler);

  const porep::Domain& root() const override { return levels_.back().begin()->second; }
  MerkleOpening open(std::uint64_t leaf) const override;

 private:
  porep::Domain value(std::uint32_t level, std::uint64_t index) const;

  porep::PathShape shape_;
  NodeFiller filler_;
  std::vector<std::map<std::uint64_t, porep::Domain>> levels_;  // the hashed nodes per level
};

class PeriodicMerkleTree final : public MerkleTree {
 public:
  // Leaf i is period[i % period.size()]. The period must be base_arity^k leaves for some
  // k <= shape.base_levels, so that it fills whole subtrees.
  PeriodicMerkleTree(TreeHasher hasher, const porep::PathShape& shape,
                     std::vector<porep::Domain> period);

  const porep::Domain& root() const override { return root_; }
  MerkleOpening open(std::uint64_t leaf) const override;

 private:
  porep::PathShape shape_;
  std::uint32_t period_levels_;  // k
  FullMerkleTree period_tree_;
  // The one value every node of level k, k + 1, ... has (front() is the period tree's root).
  std::vector<porep::Domain> upper_;
  porep::Domain root_;
};

}  // namespace cuzk::sealing
