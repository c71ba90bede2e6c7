#include "sealing/c1_generator.hpp"

#include <memory>
#include <vector>

#include "porep/challenges.hpp"
#include "porep/replica_id.hpp"
#include "sealing/sector_sealer.hpp"
#include "sealing/sparse_replica.hpp"
#include "sealing/vanilla_prover.hpp"
#include "util/error.hpp"

namespace cuzk::sealing {
namespace {

constexpr std::uint64_t kMaxSealedNodes = std::uint64_t{1} << 24;  // 512 MiB

SealCommitOutput from_sealed_sector(const GenerateC1Options& o) {
  const SealedSector sector(o.proof, o.overrides, o.data_seed, o.identity);
  return commit_phase1(sector, CommitPublic{.proof = o.proof,
                                            .comm_d = sector.comm_d(),
                                            .comm_r = sector.comm_r(),
                                            .replica_id = sector.replica_id(),
                                            .seed = o.seed,
                                            .ticket = o.identity.ticket,
                                            .overrides = o.overrides});
}

SealCommitOutput from_sparse_replica(const GenerateC1Options& o) {
  const porep::PorepConfig config = porep::porep_config(o.proof, o.overrides);
  std::unique_ptr<PeriodicMerkleTree> tree_d = periodic_data_tree(config.nodes, o.data_seed);
  const porep::Domain comm_d = tree_d->root();
  const porep::Domain replica_id = porep::replica_id(o.identity.prover_id, o.identity.sector_id,
                                                     o.identity.ticket, comm_d, config.porep_id);
  std::vector<std::uint64_t> challenges;
  if (config.challenge_mode == porep::ChallengeMode::kInteractive) {
    for (std::uint32_t k = 0; k < config.partitions; ++k) {
      const auto c = porep::interactive_challenges(config.nodes, replica_id, o.seed,
                                                   config.challenges_per_partition, k);
      challenges.insert(challenges.end(), c.begin(), c.end());
    }
  }
  const SparseReplica replica(config, o.data_seed, replica_id, std::move(tree_d), challenges);
  return commit_phase1(replica, CommitPublic{.proof = o.proof,
                                             .comm_d = comm_d,
                                             .comm_r = replica.comm_r(),
                                             .replica_id = replica_id,
                                             .seed = o.seed,
                                             .ticket = o.identity.ticket,
                                             .overrides = o.overrides});
}

}  // namespace

ReplicaMethod resolve_method(porep::RegisteredSealProof proof, ReplicaMethod method) {
  if (method != ReplicaMethod::kAuto) return method;
  return porep::seal_proof_info(proof).nodes <= kMaxSealedNodes ? ReplicaMethod::kSeal
                                                                : ReplicaMethod::kSparse;
}

SealCommitOutput generate_c1(const GenerateC1Options& options) {
  if (porep::is_zero(options.seed)) {
    throw Error("the seed must not be zero: seal_commit_phase2 rejects a zero seed");
  }
  return resolve_method(options.proof, options.method) == ReplicaMethod::kSeal
             ? from_sealed_sector(options)
             : from_sparse_replica(options);
}

}  // namespace cuzk::sealing
