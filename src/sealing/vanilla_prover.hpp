// seal_commit_phase1's proving step (stacked/vanilla/proof.rs `prove_layers_generate`): for each
// challenge, the openings of its data node, replica node and column, the columns of its 14
// parents, and the labeling proofs of every layer; for each partition, its challenges derived as
// the registered proof's challenge mode says (interactive, synthetic or non-interactive).
#pragma once

#include <cstdint>

#include "porep/graph.hpp"
#include "porep/registered_proof.hpp"
#include "sealing/replica.hpp"
#include "sealing/vanilla_proof.hpp"

namespace cuzk::sealing {

VanillaProof prove_challenge(const Replica& replica, const porep::StackedGraph& graph,
                             std::uint32_t layers, std::uint64_t challenge);

// The public part of a C1 output, fixed before proving.
struct CommitPublic {
  porep::RegisteredSealProof proof{};
  porep::Domain comm_d{};
  porep::Domain comm_r{};
  porep::Domain replica_id{};
  porep::Domain seed{};
  porep::Domain ticket{};
  porep::PorepOverrides overrides{};  // a network's porep_id or API version (graph, challenges)
};

// Every partition's proofs, challenges proved in parallel (OpenMP).
SealCommitOutput commit_phase1(const Replica& replica, const CommitPublic& values);

}  // namespace cuzk::sealing
