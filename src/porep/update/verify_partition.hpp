// Native verification of update partition proofs (storage-proofs-update vanilla.rs `verify` and
// `verify_all_partitions`). A partition proof holds for its statement when
//  * it has apex_leaves apex leaves and challenges_per_partition challenge proofs, every path of
//    its tree's shape (TreeR for the replicas, binary TreeD for the data);
//  * comm_r_old = Poseidon2(comm_c, root_r_old) and comm_r_new = Poseidon2(comm_c, root_r_new),
//    where the roots are those of the first challenge's replica paths;
//  * challenge i opens node c_i (challenges.hpp) in all three trees, each path hashing up to its
//    stated root, and those roots are root_r_old, comm_d_new and root_r_new;
//  * the new label is the old one plus the new data times rho(c_i >> (log2(nodes) - h));
//  * the TreeD path's siblings on the apex tree's levels are nodes of the apex tree the apex
//    leaves build (the Rust checks membership in the row, not the position; so does this).
#pragma once

#include <optional>
#include <span>
#include <string>

#include "porep/update/vanilla_proof.hpp"

namespace cuzk::porep::update {

// nullopt if the proof holds for the statement, else one line saying what failed (challenge and
// node included where one did).
[[nodiscard]] std::optional<std::string> check_partition_proof(const UpdateStatement& statement,
                                                               const PartitionProof& proof);

// Every partition: proofs[k] against the statement with partition index k (statement.k is
// ignored). The count must be the registered proof's partition count.
[[nodiscard]] std::optional<std::string> check_all_partitions(
    const UpdateStatement& statement, std::span<const PartitionProof> proofs);

}  // namespace cuzk::porep::update
