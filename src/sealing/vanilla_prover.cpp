#include "sealing/vanilla_prover.hpp"

#include <vector>

#include "porep/challenges.hpp"
#include "sealing/labels.hpp"
#include "util/parallel_for.hpp"

namespace cuzk::sealing {
namespace {

ColumnOpening open_column(const Replica& replica, std::uint32_t node) {
  return ColumnOpening{
      .index = node, .rows = replica.column(node), .inclusion = replica.tree_c().open(node)};
}

// rows are 0-based: rows[l - 1] is layer l.
LabelingOpening labeling_opening(const VanillaProof& p, std::uint32_t layer, std::uint64_t node) {
  std::vector<porep::Domain> distinct;
  for (const ColumnOpening& c : p.drg_parents) distinct.push_back(c.rows[layer - 1]);
  if (layer > 1) {
    for (const ColumnOpening& c : p.exp_parents) distinct.push_back(c.rows[layer - 2]);
  }
  const ParentSlots slots = repeat_parent_labels(distinct);
  return LabelingOpening{
      .layer_index = layer, .node = node, .parents = {slots.begin(), slots.end()}};
}

}  // namespace

VanillaProof prove_challenge(const Replica& replica, const porep::StackedGraph& graph,
                             std::uint32_t layers, std::uint64_t challenge) {
  const auto node = static_cast<std::uint32_t>(challenge);
  VanillaProof p;
  p.comm_d = replica.tree_d().open(challenge);
  p.comm_r_last = replica.tree_r_last().open(challenge);
  p.c_x = open_column(replica, node);
  const porep::Parents parents = graph.parents(node);
  for (std::size_t j = 0; j < porep::kBaseDegree; ++j) {
    p.drg_parents[j] = open_column(replica, parents[j]);
  }
  for (std::size_t j = 0; j < porep::kExpanderDegree; ++j) {
    p.exp_parents[j] = open_column(replica, parents[porep::kBaseDegree + j]);
  }
  for (std::uint32_t layer = 1; layer <= layers; ++layer) {
    p.labeling.push_back(labeling_opening(p, layer, challenge));
  }
  p.encoding = p.labeling.back();
  return p;
}

SealCommitOutput commit_phase1(const Replica& replica, const CommitPublic& values) {
  const porep::PorepConfig config = porep::porep_config(values.proof, values.overrides);
  const porep::StackedGraph graph(config);
  SealCommitOutput out{.registered_proof = values.proof,
                       .comm_r = values.comm_r,
                       .comm_d = values.comm_d,
                       .replica_id = values.replica_id,
                       .seed = values.seed,
                       .ticket = values.ticket,
                       .partitions = {}};
  std::vector<std::uint64_t> challenges;
  for (std::uint32_t k = 0; k < config.partitions; ++k) {
    const auto c =
        porep::partition_challenges(config, values.replica_id, values.comm_r, values.seed, k);
    challenges.insert(challenges.end(), c.begin(), c.end());
  }
  std::vector<VanillaProof> proofs(challenges.size());
  parallel_for(challenges.size(), 1, [&](std::uint64_t i) {
    proofs[i] = prove_challenge(replica, graph, config.layers, challenges[i]);
  });
  out.partitions.resize(config.partitions);
  for (std::size_t i = 0; i < proofs.size(); ++i) {
    out.partitions[i / config.challenges_per_partition].push_back(std::move(proofs[i]));
  }
  return out;
}

}  // namespace cuzk::sealing
