// A C1 output being built: the same content as porep::C1Output (c1_output.hpp), but owning plain
// vectors, so that a generator can fill it piece by piece and c1_writer can serialize it.
// Field meanings follow rust-fil-proofs' stacked/vanilla/params.rs `Proof` and the merkle proofs
// of storage-proofs-core/src/merkle/proof.rs.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "porep/c1_output.hpp"
#include "porep/domain.hpp"
#include "porep/registered_proof.hpp"

namespace cuzk::sealing {

struct MerkleOpening {
  porep::Domain root{};
  porep::Domain leaf{};
  porep::PathShape shape;
  std::vector<porep::Domain> siblings;  // level by level, arity(level) - 1 each
  std::vector<std::uint8_t> indices;    // per level, the position of the path's node
};

struct ColumnOpening {
  std::uint32_t index = 0;          // the node
  std::vector<porep::Domain> rows;  // its labels in layers 1..L
  MerkleOpening inclusion;          // of column_hash(rows) in tree C
};

// LabelingProof and EncodingProof: the 37 hashed parent labels of (layer_index, node).
struct LabelingOpening {
  std::uint32_t layer_index = 0;
  std::uint64_t node = 0;
  std::vector<porep::Domain> parents;
};

struct VanillaProof {
  MerkleOpening comm_d;       // the data node in tree D
  MerkleOpening comm_r_last;  // the replica node in tree R_last
  ColumnOpening c_x;
  std::array<ColumnOpening, porep::kBaseDegree> drg_parents;
  std::array<ColumnOpening, porep::kExpanderDegree> exp_parents;
  std::vector<LabelingOpening> labeling;  // layers 1..L
  LabelingOpening encoding;               // the last layer's labeling proof again
};

struct SealCommitOutput {
  porep::RegisteredSealProof registered_proof{};
  porep::Domain comm_r{};
  porep::Domain comm_d{};
  porep::Domain replica_id{};
  porep::Domain seed{};
  porep::Domain ticket{};
  std::vector<std::vector<VanillaProof>> partitions;  // [k][i]: challenge i of partition k
};

}  // namespace cuzk::sealing
