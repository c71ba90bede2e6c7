// The vanilla proof of one partition of an EmptySectorUpdate (SnapDeals) proof and the statement
// it proves, as plain owning C++ values mirroring storage-proofs-update/src/vanilla.rs
// `PartitionProof` and `ChallengeProof`. Lotus and curio hand each partition over as the bincode
// of `PartitionProof` (rust-filecoin-proofs-api `PartitionProofBytes`); bincode.hpp reads it.
#pragma once

#include <cstdint>
#include <vector>

#include "porep/c1_output.hpp"
#include "porep/domain.hpp"
#include "porep/update/update_proof.hpp"

namespace cuzk::porep::update {

// One inclusion proof (storage-proofs-core merkle/proof.rs `MerkleProof`), owning its values,
// since a decoded partition proof outlives the bytes it came from. The shape fixes which
// `ProofData` variant it serializes as (PathShape::kind) and how many siblings each level has.
struct MerklePath {
  Domain root{};
  Domain leaf{};
  PathShape shape;
  std::vector<Domain> siblings;       // level by level from the leaf, arity(level) - 1 each
  std::vector<std::uint8_t> indices;  // per level, the position of the path's node, < arity

  // porep's span view of the same proof; valid while this MerklePath lives unchanged.
  MerkleProof view() const { return {root, leaf, shape, siblings, indices}; }
  std::uint64_t node_index() const { return view().node_index(); }
  friend bool operator==(const MerklePath&, const MerklePath&) = default;
};

// The openings of one challenged node c (vanilla.rs `ChallengeProof`).
struct ChallengeProof {
  MerklePath proof_r_old;  // c's label in the old replica, in TreeR_old (root_r_old)
  MerklePath proof_d_new;  // c's new data, in TreeD_new (root comm_d_new), always binary
  MerklePath proof_r_new;  // c's label in the new replica, in TreeR_new (root_r_new)
  friend bool operator==(const ChallengeProof&, const ChallengeProof&) = default;
};

// One partition's vanilla proof (vanilla.rs `PartitionProof`).
struct PartitionProof {
  // TreeC's root, shared by the old and new replica: comm_r = Poseidon2(comm_c, root_r).
  Domain comm_c{};
  // The row of TreeD_new holding this partition's apex leaves (apex_leaves of them): the top of
  // each challenge's TreeD path is checked against the apex tree they build, not hashed again.
  std::vector<Domain> apex_leafs;
  std::vector<ChallengeProof> challenge_proofs;  // challenges_per_partition, in derivation order
  friend bool operator==(const PartitionProof&, const PartitionProof&) = default;
};

// What partition k proves (vanilla.rs `PublicInputs`); the circuit takes h_select for h.
struct UpdateStatement {
  RegisteredUpdateProof registered_proof{};
  Domain comm_r_old{};  // the sealed sector's comm_r (Poseidon domain)
  Domain comm_d_new{};  // the new data's piece commitment root (SHA-256 domain)
  Domain comm_r_new{};  // the updated replica's comm_r
  std::uint32_t h = 0;  // UpdateProofInfo::h() unless a test picks another allowed value
  std::uint32_t k = 0;  // partition index, < partitions
  friend bool operator==(const UpdateStatement&, const UpdateStatement&) = default;
};

// The statement filecoin-proofs proves for partition k: h is the registered proof's default.
inline UpdateStatement update_statement(RegisteredUpdateProof proof, const Domain& comm_r_old,
                                        const Domain& comm_d_new, const Domain& comm_r_new,
                                        std::uint32_t k) {
  return {proof, comm_r_old, comm_d_new, comm_r_new, update_proof_info(proof).h(), k};
}

// TreeR's path shape for a sector of `info` (base 8, then optional sub and top levels).
PathShape tree_r_path(const UpdateProofInfo& info);
// TreeD's path shape: binary, log2(nodes) levels.
PathShape tree_d_path(const UpdateProofInfo& info);

}  // namespace cuzk::porep::update
