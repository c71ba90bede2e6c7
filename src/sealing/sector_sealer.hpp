// Really seals a small sector (2 KiB, 8 MiB, 512 MiB) of pseudo-random data, as
// seal_pre_commit_phase1/2 do: tree D over the data (comm_d), replica_id, the labels of every
// layer, tree C over the column hashes (comm_c), the replica = last layer + data, tree R_last over
// it (comm_r_last) and comm_r = Poseidon2(comm_c, comm_r_last). Everything stays in memory: about
// (layers + 4) x sector size plus 56 bytes of parents per node (roughly 5 GB for 512 MiB).
//
// The data: node i is PseudoRandomDomains(data_seed, "cuzk sector data").at(i), 32 bytes with the
// top two bits clear. That is exactly the form fr32 padding gives to unsealed user data (254 bits
// of payload per 32-byte node), so the pseudo-random nodes stand for already padded data and no
// fr32 expansion is needed.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "porep/registered_proof.hpp"
#include "sealing/merkle_tree.hpp"
#include "sealing/replica.hpp"
#include "sealing/sector_identity.hpp"

namespace cuzk::sealing {

class SealedSector final : public Replica {
 public:
  // Seals under porep_config(proof, overrides): its porep_id and API version give replica_id and
  // the graph. Throws cuzk::Error for a sector too large to seal in memory here (32 and 64 GiB).
  SealedSector(porep::RegisteredSealProof proof, const porep::PorepOverrides& overrides,
               std::uint64_t data_seed, const SectorIdentity& identity);

  const MerkleTree& tree_d() const override { return *tree_d_; }
  const MerkleTree& tree_c() const override { return *tree_c_; }
  const MerkleTree& tree_r_last() const override { return *tree_r_last_; }
  std::vector<porep::Domain> column(std::uint64_t node) const override;

  const porep::Domain& replica_id() const { return replica_id_; }
  const porep::Domain& comm_d() const { return tree_d_->root(); }
  const porep::Domain& comm_c() const { return tree_c_->root(); }
  const porep::Domain& comm_r_last() const { return tree_r_last_->root(); }
  const porep::Domain& comm_r() const { return comm_r_; }
  std::span<const porep::Domain> data() const { return tree_d_->leaves(); }
  std::span<const porep::Domain> labels(std::uint32_t layer) const { return labels_[layer - 1]; }
  // The sealed replica, the leaves of tree R_last (an update's "sector key").
  std::span<const porep::Domain> replica() const { return tree_r_last_->leaves(); }

 private:
  porep::Domain replica_id_{};
  std::vector<std::vector<porep::Domain>> labels_;  // [l - 1][node]
  std::unique_ptr<FullMerkleTree> tree_d_;
  std::unique_ptr<FullMerkleTree> tree_c_;
  std::unique_ptr<FullMerkleTree> tree_r_last_;
  porep::Domain comm_r_{};
};

}  // namespace cuzk::sealing
