// A consistent partial replica of a 32 or 64 GiB sector, built in seconds and little memory
// instead of hours of sealing, whose vanilla proofs satisfy every check of C1 and the circuit:
//  * data: leaves repeat with a period of kDataPeriod nodes (PeriodicMerkleTree), so comm_d is
//    fixed before the challenges are known, and any data node can be opened;
//  * replica_id from comm_d as usual; the interactive challenges from replica_id and the seed;
//  * columns: every parent of a challenge gets pseudo-random labels; each challenged node's label
//    of layer l is then computed from its parents (DRG parents' layer l, expander parents' layer
//    l - 1), layer by layer and in node order, so that a challenged node which is also a parent
//    of another one is used with its computed labels;
//  * tree C and tree R_last: sparse, only the touched leaves hashed up to the root, every other
//    subtree root pseudo-random; the replica leaf of a challenge is its last label + its data.
//
// Only interactive PoRep can be generated this way. Synthetic and non-interactive challenges are
// derived from comm_r, which commits to every column and replica node, so the challenged nodes
// must be labelled consistently before their positions are known: that is sealing the sector,
// and no shortcut exists (it is the soundness of those PoRep variants).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <vector>

#include "porep/graph.hpp"
#include "porep/registered_proof.hpp"
#include "sealing/merkle_tree.hpp"
#include "sealing/replica.hpp"

namespace cuzk::sealing {

// The data period of a sparse replica's tree D, in nodes (or the whole sector if smaller).
inline constexpr std::uint64_t kDataPeriod = std::uint64_t{1} << 12;

// Tree D of the sparse sector generated from data_seed.
std::unique_ptr<PeriodicMerkleTree> periodic_data_tree(std::uint64_t nodes,
                                                       std::uint64_t data_seed);

class SparseReplica final : public Replica {
 public:
  // challenges: every node any partition challenges (duplicates allowed). Throws cuzk::Error if
  // the config is not interactive.
  SparseReplica(const porep::PorepConfig& config, std::uint64_t data_seed,
                const porep::Domain& replica_id, std::unique_ptr<PeriodicMerkleTree> tree_d,
                std::span<const std::uint64_t> challenges);

  const MerkleTree& tree_d() const override { return *tree_d_; }
  const MerkleTree& tree_c() const override { return *tree_c_; }
  const MerkleTree& tree_r_last() const override { return *tree_r_last_; }
  // Only for challenged nodes and their parents.
  std::vector<porep::Domain> column(std::uint64_t node) const override;

  const porep::Domain& comm_c() const { return tree_c_->root(); }
  const porep::Domain& comm_r_last() const { return tree_r_last_->root(); }
  const porep::Domain& comm_r() const { return comm_r_; }

 private:
  std::unique_ptr<PeriodicMerkleTree> tree_d_;
  std::map<std::uint64_t, std::vector<porep::Domain>> columns_;
  std::unique_ptr<SparseMerkleTree> tree_c_;
  std::unique_ptr<SparseMerkleTree> tree_r_last_;
  porep::Domain comm_r_{};
};

}  // namespace cuzk::sealing
