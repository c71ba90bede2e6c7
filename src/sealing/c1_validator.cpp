#include "sealing/c1_validator.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "porep/challenges.hpp"
#include "porep/graph.hpp"
#include "sealing/labels.hpp"
#include "sealing/tree_hash.hpp"
#include "util/error.hpp"
#include "util/hex.hpp"
#include "util/parallel_for.hpp"

namespace cuzk::sealing {
namespace {

using Problem = std::optional<std::string>;

std::string hex(const porep::Domain& d) { return to_hex(d); }

std::string challenge_source(porep::ChallengeMode mode) {
  switch (mode) {
    case porep::ChallengeMode::kInteractive:
      return "replica_id and seed";
    case porep::ChallengeMode::kSynthetic:
      return "replica_id, comm_r and seed (synthetic)";
    case porep::ChallengeMode::kNonInteractive:
      return "replica_id and comm_r (non-interactive)";
  }
  return "";
}

// One Merkle opening: its root is the expected one, it proves the expected node, and its path
// from the leaf reaches the root.
Problem check_opening(const porep::MerkleProof& m, TreeHasher hasher, const porep::Domain& root,
                      const std::string& root_name, std::uint64_t node, const std::string& what) {
  if (m.root != root) return what + ": root is not " + root_name;
  if (m.node_index() != node) {
    return what + ": opens node " + std::to_string(m.node_index()) + ", not " +
           std::to_string(node);
  }
  if (root_from_path(hasher, m.leaf, m.shape, m.siblings, m.indices) != m.root) {
    return what + ": the path from the leaf does not lead to " + root_name;
  }
  return std::nullopt;
}

class ChallengeChecker {
 public:
  ChallengeChecker(const porep::C1Output& c1, const porep::StackedGraph& graph,
                   const porep::Domain& comm_c, const porep::Domain& comm_r_last)
      : c1_(c1), graph_(graph), comm_c_(comm_c), comm_r_last_(comm_r_last) {}

  Problem check(const porep::ChallengeProof& p, std::uint64_t expected_challenge) const {
    const std::uint64_t c = p.challenge();
    if (c != expected_challenge) {
      return "challenged node " + std::to_string(c) + ", but " +
             challenge_source(c1_.info().challenge_mode) + " give " +
             std::to_string(expected_challenge);
    }
    if (auto e = check_opening(p.comm_d, TreeHasher::kSha256, c1_.comm_d, "comm_d", c,
                               "comm_d_proofs")) {
      return e;
    }
    const porep::Parents parents = graph_.parents(static_cast<std::uint32_t>(c));
    for (std::size_t j = 0; j < porep::kParentCount; ++j) {
      const bool drg = j < porep::kBaseDegree;
      const porep::ColumnProof& column =
          drg ? p.drg_parents[j] : p.exp_parents[j - porep::kBaseDegree];
      const std::string what = std::string(drg ? "drg_parents[" : "exp_parents[") +
                               std::to_string(drg ? j : j - porep::kBaseDegree) + "]";
      if (column.index != parents[j]) {
        return what + " is the column of node " + std::to_string(column.index) +
               ", but the graph's parent is " + std::to_string(parents[j]);
      }
      if (auto e = check_column(column, what)) return e;
    }
    const std::uint32_t layers = c1_.info().layers;
    if (p.c_x.rows.size() != layers || p.labeling.size() != layers) {
      return "c_x or labeling_proofs do not have " + std::to_string(layers) + " layers";
    }
    for (std::uint32_t layer = 1; layer <= layers; ++layer) {
      const ParentSlots slots = parent_slots(p, layer);
      if (create_label(c1_.replica_id, layer, c, slots) != p.c_x.rows[layer - 1]) {
        return "label of layer " + std::to_string(layer) + " does not match its parents";
      }
    }
    if (p.c_x.index != c) return "c_x is the column of node " + std::to_string(p.c_x.index);
    if (auto e = check_column(p.c_x, "c_x")) return e;
    for (std::uint32_t layer = 1; layer <= layers; ++layer) {
      if (auto e = check_labeling(p.labeling[layer - 1], p, layer,
                                  "labeling_proofs[" + std::to_string(layer - 1) + "]")) {
        return e;
      }
    }
    if (auto e = check_labeling(p.encoding, p, layers, "encoding_proof")) return e;
    if (encode_node(p.c_x.rows[layers - 1], p.comm_d.leaf) != p.comm_r_last.leaf) {
      return "the replica node is not the label of layer " + std::to_string(layers) +
             " plus the data node";
    }
    return check_opening(p.comm_r_last, TreeHasher::kPoseidon, comm_r_last_,
                         "the partition's comm_r_last", c, "comm_r_last_proof");
  }

 private:
  Problem check_column(const porep::ColumnProof& column, const std::string& what) const {
    if (column.rows.size() != c1_.info().layers) {
      return what + " has " + std::to_string(column.rows.size()) + " rows";
    }
    if (column_hash(column.rows) != column.inclusion.leaf) {
      return what + ": the column does not hash to its tree C leaf";
    }
    return check_opening(column.inclusion, TreeHasher::kPoseidon, comm_c_, "the partition's comm_c",
                         column.index, what + ".inclusion_proof");
  }

  // What the label of `layer` hashes: DRG parents' labels of that layer, then (after layer 1)
  // the expander parents' labels of the layer before, repeated into 37 slots.
  static ParentSlots parent_slots(const porep::ChallengeProof& p, std::uint32_t layer) {
    std::vector<porep::Domain> distinct;
    for (const porep::ColumnProof& col : p.drg_parents) distinct.push_back(col.rows[layer - 1]);
    if (layer > 1) {
      for (const porep::ColumnProof& col : p.exp_parents) distinct.push_back(col.rows[layer - 2]);
    }
    return repeat_parent_labels(distinct);
  }

  Problem check_labeling(const porep::LabelingProof& l, const porep::ChallengeProof& p,
                         std::uint32_t layer, const std::string& what) const {
    if (l.layer_index != layer || l.node != p.challenge()) {
      return what + " is of layer " + std::to_string(l.layer_index) + ", node " +
             std::to_string(l.node);
    }
    const ParentSlots slots = parent_slots(p, layer);
    if (!std::equal(l.parents.begin(), l.parents.end(), slots.begin(), slots.end())) {
      return what + ": its parents are not the parent columns' labels";
    }
    return std::nullopt;
  }

  const porep::C1Output& c1_;
  const porep::StackedGraph& graph_;
  const porep::Domain& comm_c_;
  const porep::Domain& comm_r_last_;
};

// A replica_id that the given sector's identity does not give, in the operator's words. The C1
// records no miner: replica_id is a hash of the prover id, the sector number, the ticket, comm_d
// and porep_id, and only the lotus wrapper adds the sector number (SectorNum) in the clear. So
// this names what was given, what the wrapper says, and the porep_id the hash was taken under.
std::string sealed_for_another(const porep::C1Output& c1, const ProverSector& sector) {
  const auto actor_id = porep::actor_id_from_prover_id(sector.prover_id);
  std::string given =
      actor_id ? "f0" + std::to_string(*actor_id) : "prover id " + hex(sector.prover_id);
  given += " sector " + std::to_string(sector.sector_id);
  if (c1.sector_number) {
    given += "; the C1's wrapper says sector " + std::to_string(*c1.sector_number);
    if (*c1.sector_number == sector.sector_id) given += " too";
  }
  const std::string porep_id =
      c1.overrides.porep_id ? hex(*c1.overrides.porep_id) : std::string(c1.info().name) + "'s";
  return "this C1 was sealed for another miner or sector (given: " + given +
         "), or under another porep_id than " + porep_id;
}

std::optional<C1Defect> check_identity(const porep::C1Output& c1,
                                       const std::optional<ProverSector>& sector) {
  const auto global = [](std::string problem) {
    return C1Defect{
        .partition = std::nullopt, .challenge = std::nullopt, .problem = std::move(problem)};
  };
  if (porep::is_zero(c1.seed)) return global("seed is zero");
  if (porep::is_zero(c1.comm_d)) return global("comm_d is zero");
  if (porep::is_zero(c1.comm_r)) return global("comm_r is zero");
  if (sector) {
    const porep::Domain expected = porep::replica_id(sector->prover_id, sector->sector_id,
                                                     c1.ticket, c1.comm_d, c1.config().porep_id);
    if (expected != c1.replica_id) return global(sealed_for_another(c1, *sector));
  }
  return std::nullopt;
}

// The checks of find_c1_defect, in its order.
std::optional<C1Defect> first_defect(const porep::C1Output& c1,
                                     const std::optional<ProverSector>& sector) {
  if (auto d = check_identity(c1, sector)) return d;
  const porep::PorepConfig config = c1.config();
  if (c1.partitions != config.partitions ||
      c1.challenges_per_partition != config.challenges_per_partition) {
    return C1Defect{.partition = std::nullopt,
                    .challenge = std::nullopt,
                    .problem = std::to_string(c1.partitions) + " partitions of " +
                               std::to_string(c1.challenges_per_partition) + " challenges, but " +
                               std::string(c1.info().name) + " has " +
                               std::to_string(config.partitions) + " of " +
                               std::to_string(config.challenges_per_partition)};
  }
  const porep::StackedGraph graph(config);
  for (std::uint32_t k = 0; k < c1.partitions; ++k) {
    const porep::Domain& comm_c = c1.comm_c(k);
    const porep::Domain& comm_r_last = c1.comm_r_last(k);
    if (comm_r_from_roots(comm_c, comm_r_last) != c1.comm_r) {
      return C1Defect{.partition = k,
                      .challenge = std::nullopt,
                      .problem = "comm_r is not Poseidon(comm_c, comm_r_last) of this partition"};
    }
    const std::vector<std::uint64_t> challenges =
        porep::partition_challenges(config, c1.replica_id, c1.comm_r, c1.seed, k);
    const std::span<const porep::ChallengeProof> proofs = c1.partition(k);
    const ChallengeChecker checker(c1, graph, comm_c, comm_r_last);
    std::vector<Problem> problems(proofs.size());
    parallel_for(proofs.size(), 1,
                 [&](std::uint64_t i) { problems[i] = checker.check(proofs[i], challenges[i]); });
    for (std::uint32_t i = 0; i < problems.size(); ++i) {
      if (problems[i]) return C1Defect{.partition = k, .challenge = i, .problem = *problems[i]};
    }
  }
  return std::nullopt;
}

}  // namespace

std::string C1Defect::message() const {
  std::string where;
  if (partition) where += "partition " + std::to_string(*partition);
  if (challenge) where += ", challenge " + std::to_string(*challenge);
  std::string out = file.empty() ? std::string() : file + ": ";
  if (!where.empty()) out += where + ": ";
  return out + problem;
}

std::optional<C1Defect> find_c1_defect(const porep::C1Output& c1,
                                       const std::optional<ProverSector>& sector) {
  std::optional<C1Defect> defect = first_defect(c1, sector);
  if (defect) defect->file = c1.source;
  return defect;
}

std::optional<C1Defect> find_identity_defect(const porep::C1Output& c1,
                                             const std::optional<ProverSector>& sector) {
  std::optional<C1Defect> defect = check_identity(c1, sector);
  if (defect) defect->file = c1.source;
  return defect;
}

void check_c1(const porep::C1Output& c1, const std::optional<ProverSector>& sector) {
  if (const auto defect = find_c1_defect(c1, sector)) throw Error(defect->message());
}

}  // namespace cuzk::sealing
