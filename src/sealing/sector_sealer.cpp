#include "sealing/sector_sealer.hpp"

#include <array>
#include <string>

#include "porep/graph.hpp"
#include "sealing/labels.hpp"
#include "sealing/pseudo_random.hpp"
#include "sealing/tree_hash.hpp"
#include "util/error.hpp"
#include "util/parallel_for.hpp"

namespace cuzk::sealing {
namespace {

// 512 MiB: the largest registered size that fits in memory and time here.
constexpr std::uint64_t kMaxSealedNodes = std::uint64_t{1} << 24;
constexpr std::size_t kMaxLayers = 16;

}  // namespace

SealedSector::SealedSector(porep::RegisteredSealProof proof, const porep::PorepOverrides& overrides,
                           std::uint64_t data_seed, const SectorIdentity& identity) {
  const porep::PorepConfig config = porep::porep_config(proof, overrides);
  const porep::SealProofInfo& info = porep::seal_proof_info(proof);
  if (config.nodes > kMaxSealedNodes || config.layers > kMaxLayers) {
    throw Error(std::string(info.name) +
                ": sectors above 512 MiB are not sealed here; use the "
                "sparse replica");
  }
  const std::uint64_t nodes = config.nodes;
  const porep::PathShape column_shape = porep::column_tree_path(nodes, config.tree);

  const PseudoRandomDomains random(data_seed, kSectorDataPurpose);
  std::vector<porep::Domain> sector_data(nodes);
  parallel_for(nodes, 4096, [&](std::uint64_t i) { sector_data[i] = random.at(i); });
  tree_d_ = std::make_unique<FullMerkleTree>(TreeHasher::kSha256, porep::data_tree_path(nodes),
                                             std::move(sector_data));

  replica_id_ = porep::replica_id(identity.prover_id, identity.sector_id, identity.ticket, comm_d(),
                                  config.porep_id);
  labels_ = label_sector(porep::StackedGraph(config), replica_id_, config.layers);

  std::vector<porep::Domain> leaves(nodes);
  parallel_for(nodes, 4096, [&](std::uint64_t i) {
    std::array<porep::Domain, kMaxLayers> rows;
    for (std::uint32_t l = 0; l < config.layers; ++l) rows[l] = labels_[l][i];
    leaves[i] = column_hash(std::span(rows).first(config.layers));
  });
  tree_c_ =
      std::make_unique<FullMerkleTree>(TreeHasher::kPoseidon, column_shape, std::move(leaves));

  leaves.assign(nodes, porep::Domain{});
  const std::span<const porep::Domain> sector = data();
  parallel_for(nodes, 4096,
               [&](std::uint64_t i) { leaves[i] = encode_node(labels_.back()[i], sector[i]); });
  tree_r_last_ =
      std::make_unique<FullMerkleTree>(TreeHasher::kPoseidon, column_shape, std::move(leaves));
  comm_r_ = comm_r_from_roots(comm_c(), comm_r_last());
}

std::vector<porep::Domain> SealedSector::column(std::uint64_t node) const {
  if (node >= data().size())
    throw Error("column of node " + std::to_string(node) + " outside the sector");
  std::vector<porep::Domain> rows;
  for (const auto& layer : labels_) rows.push_back(layer[node]);
  return rows;
}

}  // namespace cuzk::sealing
