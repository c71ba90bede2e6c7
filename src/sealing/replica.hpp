// What C1 reads from a sealed sector: the three trees and the columns of labels. A really sealed
// small sector (sector_sealer.hpp) and a sparse unsealed replica (sparse_replica.hpp) both provide
// it, and vanilla_prover.hpp turns either into vanilla proofs the same way.
#pragma once

#include <cstdint>
#include <vector>

#include "porep/domain.hpp"
#include "sealing/merkle_tree.hpp"

namespace cuzk::sealing {

class Replica {
 public:
  virtual ~Replica() = default;
  virtual const MerkleTree& tree_d() const = 0;       // the data, binary SHA-256: comm_d
  virtual const MerkleTree& tree_c() const = 0;       // the column hashes: comm_c
  virtual const MerkleTree& tree_r_last() const = 0;  // the encoded replica: comm_r_last
  // The labels of node in layers 1..L. A sparse replica knows only the columns it was built for
  // and throws cuzk::Error for any other.
  virtual std::vector<porep::Domain> column(std::uint64_t node) const = 0;
};

}  // namespace cuzk::sealing
