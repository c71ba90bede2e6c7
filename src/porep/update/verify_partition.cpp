#include "porep/update/verify_partition.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "hashers/poseidon_hasher.hpp"
#include "porep/merkle_root.hpp"
#include "porep/update/challenges.hpp"
#include "porep/update/encoding.hpp"
#include "porep/update/randomness.hpp"
#include "util/error.hpp"

namespace cuzk::porep::update {
namespace {

// The rows of the apex tree: [0] the leaves, then each row hashed pairwise up to the apex root.
std::vector<std::vector<Domain>> apex_tree_rows(std::span<const Domain> leaves) {
  std::vector<std::vector<Domain>> rows{{leaves.begin(), leaves.end()}};
  while (rows.back().size() > 1) {
    const std::vector<Domain>& below = rows.back();
    std::vector<Domain> row;
    row.reserve(below.size() / 2);
    for (std::size_t i = 0; i + 1 < below.size(); i += 2) {
      row.push_back(hash_children(TreeHasher::kSha256, std::span(below).subspan(i, 2)));
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

Domain comm_r_of(const Domain& comm_c, const Domain& root_r) {
  const auto c = domain_to_fr(comm_c);
  const auto r = domain_to_fr(root_r);
  if (!c || !r) throw Error("comm_c or a TreeR root is not a canonical Fr");
  return fr_to_domain(hashers::poseidon_hash2(*c, *r));
}

std::optional<std::string> check_path(const MerklePath& path, const PathShape& shape,
                                      TreeHasher hasher, std::uint32_t node, const Domain& root) {
  if (!(path.shape == shape) || path.siblings.size() != shape.sibling_count() ||
      path.indices.size() != shape.levels()) {
    return "path is not of the tree's shape";
  }
  if (path.node_index() != node) return "path opens node " + std::to_string(path.node_index());
  if (path.root != root) return "path's root is not the tree's";
  if (root_from_path(hasher, path.leaf, shape, path.siblings, path.indices) != root) {
    return "path does not hash to its root";
  }
  return std::nullopt;
}

std::optional<std::string> check_challenge(const ChallengeProof& proof, std::uint32_t c,
                                           const PathShape& shape_r, const PathShape& shape_d,
                                           const Domain& root_r_old, const Domain& root_r_new,
                                           const UpdateStatement& statement, const Rhos& rhos) {
  if (auto why = check_path(proof.proof_r_old, shape_r, TreeHasher::kPoseidon, c, root_r_old)) {
    return "proof_r_old: " + *why;
  }
  if (auto why =
          check_path(proof.proof_d_new, shape_d, TreeHasher::kSha256, c, statement.comm_d_new)) {
    return "proof_d_new: " + *why;
  }
  if (auto why = check_path(proof.proof_r_new, shape_r, TreeHasher::kPoseidon, c, root_r_new)) {
    return "proof_r_new: " + *why;
  }
  const auto old_label = domain_to_fr(proof.proof_r_old.leaf);
  const auto data = domain_to_fr(proof.proof_d_new.leaf);
  if (!old_label || !data) return "a leaf is not a canonical Fr";
  if (fr_to_domain(encode_label(*old_label, *data, rhos.for_node(c))) != proof.proof_r_new.leaf) {
    return "new label is not old label + data * rho";
  }
  return std::nullopt;
}

std::optional<std::string> check_partition(const UpdateStatement& statement,
                                           const PartitionProof& proof) {
  const UpdateProofInfo& info = update_proof_info(statement.registered_proof);
  const std::string where = "partition " + std::to_string(statement.k) + ": ";
  if (statement.k >= info.partitions) {
    return where + "not below the partition count " + std::to_string(info.partitions);
  }
  if (!h_select(info, statement.h)) {
    return where + "h = " + std::to_string(statement.h) + " is not allowed for " +
           std::string(info.name);
  }
  if (proof.apex_leafs.size() != info.apex_leaves) {
    return where + std::to_string(proof.apex_leafs.size()) + " apex leaves, not " +
           std::to_string(info.apex_leaves);
  }
  if (proof.challenge_proofs.size() != info.challenges_per_partition) {
    return where + std::to_string(proof.challenge_proofs.size()) + " challenge proofs, not " +
           std::to_string(info.challenges_per_partition);
  }
  const Domain& root_r_old = proof.challenge_proofs.front().proof_r_old.root;
  const Domain& root_r_new = proof.challenge_proofs.front().proof_r_new.root;
  if (comm_r_of(proof.comm_c, root_r_old) != statement.comm_r_old) {
    return where + "Poseidon(comm_c, root_r_old) is not comm_r_old";
  }
  if (comm_r_of(proof.comm_c, root_r_new) != statement.comm_r_new) {
    return where + "Poseidon(comm_c, root_r_new) is not comm_r_new";
  }

  const PathShape shape_r = tree_r_path(info);
  const PathShape shape_d = tree_d_path(info);
  const Rhos rhos(info, statement.h, phi(statement.comm_d_new, statement.comm_r_old));
  const auto apex_rows = apex_tree_rows(proof.apex_leafs);
  const std::uint32_t apex_height =
      info.challenge_bits() - info.partition_bits() - info.apex_leaf_bits();
  const auto challenges = update_challenges(info, statement.comm_r_new, statement.k);
  for (std::size_t i = 0; i < challenges.size(); ++i) {
    const std::uint32_t c = challenges[i];
    const ChallengeProof& challenge = proof.challenge_proofs[i];
    const std::string at =
        where + "challenge " + std::to_string(i) + " (node " + std::to_string(c) + "): ";
    if (auto why = check_challenge(challenge, c, shape_r, shape_d, root_r_old, root_r_new,
                                   statement, rhos)) {
      return at + *why;
    }
    for (std::uint32_t j = 0; j < info.apex_leaf_bits(); ++j) {
      const Domain& sibling = challenge.proof_d_new.view().level_siblings(apex_height + j)[0];
      if (std::find(apex_rows[j].begin(), apex_rows[j].end(), sibling) == apex_rows[j].end()) {
        return at + "proof_d_new's sibling at apex level " + std::to_string(j) +
               " is not in the apex tree";
      }
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> check_partition_proof(const UpdateStatement& statement,
                                                 const PartitionProof& proof) {
  try {
    return check_partition(statement, proof);
  } catch (const Error& e) {
    // A non-canonical value met inside a hash: as much a refusal as a wrong one.
    return "partition " + std::to_string(statement.k) + ": " + e.what();
  }
}

std::optional<std::string> check_all_partitions(const UpdateStatement& statement,
                                                std::span<const PartitionProof> proofs) {
  const UpdateProofInfo& info = update_proof_info(statement.registered_proof);
  if (proofs.size() != info.partitions) {
    return std::to_string(proofs.size()) + " partition proofs, not " +
           std::to_string(info.partitions);
  }
  UpdateStatement partition_statement = statement;
  for (std::uint32_t k = 0; k < info.partitions; ++k) {
    partition_statement.k = k;
    if (auto why = check_partition_proof(partition_statement, proofs[k])) return why;
  }
  return std::nullopt;
}

}  // namespace cuzk::porep::update
