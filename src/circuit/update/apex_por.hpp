// gadgets.rs apex_por: a partition's apex tree, hashed in the circuit from its leaves (a row of
// TreeD: apex_leaf_count nodes, SHA-256 hash2 pairwise up to the apex root), and the apex root's
// inclusion in TreeD (root comm_d_new) along the partition path, at the partition index. Every
// challenge's TreeD path then only has to reach its apex leaf.
#pragma once

#include <bit>
#include <span>
#include <vector>

#include "circuit/constraint_system.hpp"
#include "circuit/gadgets/boolean.hpp"
#include "circuit/gadgets/num.hpp"
#include "circuit/merkle/por.hpp"
#include "circuit/merkle/sha256_hasher_circuit.hpp"
#include "util/error.hpp"

namespace cuzk::circuit::update {

// partition_bits least significant first; partition_path one sibling per row of the partitions
// tree (the top of TreeD).
template <ConstraintSystem CS>
void apex_por(CS& cs, std::span<const AllocatedNum> apex_leafs,
              std::span<const Boolean> partition_bits,
              std::span<const std::vector<AllocatedNum>> partition_path,
              const AllocatedNum& comm_d) {
  if (apex_leafs.empty() || !std::has_single_bit(apex_leafs.size())) {
    throw Error("apex_por: the apex leaves are not a power of two");
  }
  std::vector<AllocatedNum> row(apex_leafs.begin(), apex_leafs.end());
  for (std::size_t tree_row = 0; row.size() > 1; ++tree_row) {
    // bellpepper names each hash "apex_tree generation hash (tree_row, siblings)"; Name holds one
    // number, so the row is a scope of its own (a TestCS-only difference).
    auto row_scope = cs.scope("apex_tree generation row", tree_row);
    std::vector<AllocatedNum> next;
    next.reserve(row.size() / 2);
    for (std::size_t i = 0; i < row.size(); i += 2) {
      auto scope = cs.scope("apex_tree generation hash", i / 2);
      next.push_back(merkle::sha256_hash2_circuit(cs, row[i], row[i + 1]));
    }
    row = std::move(next);
  }
  auto scope = cs.scope("partition-tree por");
  merkle::enforce_inclusion_at<merkle::Sha256MerkleHasher>(
      cs, merkle::TreeShape{2, 0, 0}, partition_bits, row.front(), partition_path, comm_d);
}

}  // namespace cuzk::circuit::update
