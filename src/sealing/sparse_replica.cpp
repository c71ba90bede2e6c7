#include "sealing/sparse_replica.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "sealing/labels.hpp"
#include "sealing/pseudo_random.hpp"
#include "sealing/tree_hash.hpp"
#include "util/error.hpp"
#include "util/parallel_for.hpp"

namespace cuzk::sealing {
namespace {

constexpr std::string_view kColumnPurpose = "cuzk sparse replica column";
constexpr std::string_view kTreeCPurpose = "cuzk sparse replica tree C";
constexpr std::string_view kTreeRPurpose = "cuzk sparse replica tree R_last";

NodeFiller pseudo_random_filler(std::uint64_t seed, std::string_view purpose) {
  return [random = PseudoRandomDomains(seed, purpose)](std::uint32_t level, std::uint64_t index) {
    return random.at(index, level);
  };
}

std::map<std::uint64_t, porep::Domain> hash_entries(
    const std::vector<std::pair<std::uint64_t, const std::vector<porep::Domain>*>>& entries,
    const auto& hash) {
  std::vector<porep::Domain> values(entries.size());
  parallel_for(entries.size(), 8, [&](std::uint64_t i) { values[i] = hash(*entries[i].second); });
  std::map<std::uint64_t, porep::Domain> out;
  for (std::size_t i = 0; i < entries.size(); ++i) out.emplace(entries[i].first, values[i]);
  return out;
}

}  // namespace

std::unique_ptr<PeriodicMerkleTree> periodic_data_tree(std::uint64_t nodes,
                                                       std::uint64_t data_seed) {
  const std::uint64_t period = std::min(nodes, kDataPeriod);
  const PseudoRandomDomains random(data_seed, kSectorDataPurpose);
  std::vector<porep::Domain> data(period);
  for (std::uint64_t i = 0; i < period; ++i) data[i] = random.at(i);
  return std::make_unique<PeriodicMerkleTree>(TreeHasher::kSha256, porep::data_tree_path(nodes),
                                              std::move(data));
}

SparseReplica::SparseReplica(const porep::PorepConfig& config, std::uint64_t data_seed,
                             const porep::Domain& replica_id,
                             std::unique_ptr<PeriodicMerkleTree> tree_d,
                             std::span<const std::uint64_t> challenges)
    : tree_d_(std::move(tree_d)) {
  if (config.challenge_mode != porep::ChallengeMode::kInteractive) {
    throw Error(
        "a sparse replica supports only interactive PoRep: synthetic and non-interactive "
        "challenges depend on comm_r, so the sector must really be sealed");
  }
  const porep::StackedGraph graph(config);
  std::vector<std::uint64_t> challenged(challenges.begin(), challenges.end());
  std::sort(challenged.begin(), challenged.end());
  challenged.erase(std::unique(challenged.begin(), challenged.end()), challenged.end());

  // Pseudo-random columns for every node touched, the challenged ones included for now.
  const PseudoRandomDomains random(data_seed, kColumnPurpose);
  const auto random_column = [&](std::uint64_t node) {
    std::vector<porep::Domain> rows(config.layers);
    for (std::uint32_t l = 0; l < config.layers; ++l) rows[l] = random.at(node, l + 1);
    return rows;
  };
  std::vector<porep::Parents> parents(challenged.size());
  for (std::size_t i = 0; i < challenged.size(); ++i) {
    parents[i] = graph.parents(static_cast<std::uint32_t>(challenged[i]));
    columns_.try_emplace(challenged[i], random_column(challenged[i]));
    for (std::uint32_t p : parents[i]) columns_.try_emplace(p, random_column(p));
  }

  // Then the challenged nodes' labels, in an order where every parent label is final: a DRG
  // parent is an earlier node of the same layer, an expander parent is in the previous layer.
  for (std::uint32_t layer = 1; layer <= config.layers; ++layer) {
    for (std::size_t i = 0; i < challenged.size(); ++i) {
      std::vector<porep::Domain> distinct;
      for (std::size_t j = 0; j < porep::kBaseDegree; ++j) {
        distinct.push_back(columns_.at(parents[i][j])[layer - 1]);
      }
      if (layer > 1) {
        for (std::size_t j = porep::kBaseDegree; j < porep::kParentCount; ++j) {
          distinct.push_back(columns_.at(parents[i][j])[layer - 2]);
        }
      }
      columns_.at(challenged[i])[layer - 1] =
          create_label(replica_id, layer, challenged[i], repeat_parent_labels(distinct));
    }
  }

  const porep::PathShape shape = porep::column_tree_path(config.nodes, config.tree);
  std::vector<std::pair<std::uint64_t, const std::vector<porep::Domain>*>> entries;
  for (const auto& [node, rows] : columns_) entries.emplace_back(node, &rows);
  tree_c_ = std::make_unique<SparseMerkleTree>(
      TreeHasher::kPoseidon, shape,
      hash_entries(entries,
                   [](const std::vector<porep::Domain>& rows) { return column_hash(rows); }),
      pseudo_random_filler(data_seed, kTreeCPurpose));

  std::map<std::uint64_t, porep::Domain> replica;
  for (std::uint64_t c : challenged) {
    replica.emplace(c, encode_node(columns_.at(c).back(), tree_d_->open(c).leaf));
  }
  tree_r_last_ =
      std::make_unique<SparseMerkleTree>(TreeHasher::kPoseidon, shape, std::move(replica),
                                         pseudo_random_filler(data_seed, kTreeRPurpose));
  comm_r_ = comm_r_from_roots(comm_c(), comm_r_last());
}

std::vector<porep::Domain> SparseReplica::column(std::uint64_t node) const {
  const auto it = columns_.find(node);
  if (it == columns_.end()) {
    throw Error("the sparse replica has no column for node " + std::to_string(node));
  }
  return it->second;
}

}  // namespace cuzk::sealing
