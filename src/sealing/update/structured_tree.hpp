// A Merkle tree over a whole sector whose leaves repeat in a known pattern, hashed in time and
// memory proportional to the pattern rather than to the sector: leaf i is a function of
// (i >> slice_bits, i mod period) only. Every node whose subtree lies inside one slice and covers
// whole periods (or the same part of one) has the value of the first such node of its slice, so
// only one representative per class is hashed and kept. With period = slice = the sector it is an
// ordinary full tree.
//
// Update proofs of 32 and 64 GiB use it: the old replica and the new data repeat with a short
// period, and the new replica, old + data * rho, is periodic within each of the 2^h slices that
// share one rho. Every node of such a tree, and so every opening, is genuine, so comm_r_new can be
// fixed before the challenges it determines are known.
#pragma once

#include <cstdint>
#include <functional>
#include <unordered_map>

#include "porep/c1_output.hpp"
#include "porep/domain.hpp"
#include "sealing/merkle_tree.hpp"
#include "sealing/tree_hash.hpp"

namespace cuzk::sealing {

using LeafFunction = std::function<porep::Domain(std::uint64_t leaf)>;

class StructuredMerkleTree final : public MerkleTree {
 public:
  // period and 2^slice_bits must be powers of two with period <= 2^slice_bits <= the leaf count,
  // and leaf(i) must depend on (i >> slice_bits, i % period) alone; throws cuzk::Error otherwise
  // (the first two; the last is the caller's promise). The tree is hashed here, once.
  StructuredMerkleTree(TreeHasher hasher, const porep::PathShape& shape, LeafFunction leaf,
                       std::uint64_t period, std::uint32_t slice_bits);

  const porep::Domain& root() const override { return root_; }
  MerkleOpening open(std::uint64_t leaf) const override;
  // Node `index` of `level` (0 = the leaves).
  const porep::Domain& node(std::uint32_t level, std::uint64_t index) const;

 private:
  std::uint64_t representative(std::uint32_t level, std::uint64_t index) const;
  const porep::Domain& hash_node(std::uint32_t level, std::uint64_t index);
  static std::uint64_t key(std::uint32_t level, std::uint64_t index) {
    return std::uint64_t{level} << 48 | index;
  }

  TreeHasher hasher_;
  porep::PathShape shape_;
  LeafFunction leaf_;
  std::uint64_t period_;
  std::uint32_t slice_bits_;
  std::vector<std::uint64_t> leaves_under_;  // [level]: leaves a node of that level covers
  // Filled by the constructor and never changed after: one value per (level, representative).
  std::unordered_map<std::uint64_t, porep::Domain> nodes_;
  porep::Domain root_{};
};

}  // namespace cuzk::sealing
