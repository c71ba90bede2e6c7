#include "sealing/update/update_generator.hpp"

#include <bit>
#include <memory>
#include <string>

#include "porep/update/challenges.hpp"
#include "porep/update/encoding.hpp"
#include "porep/update/randomness.hpp"
#include "sealing/pseudo_random.hpp"
#include "sealing/sector_sealer.hpp"
#include "sealing/tree_hash.hpp"
#include "sealing/update/structured_tree.hpp"
#include "util/error.hpp"
#include "util/parallel_for.hpp"

namespace cuzk::sealing {
namespace {

namespace update = porep::update;

constexpr std::uint64_t kMaxAutoSealedNodes = std::uint64_t{1} << 18;  // 8 MiB: seconds
constexpr std::uint64_t kMaxSealedNodes = std::uint64_t{1} << 24;      // 512 MiB: about 5 GB
// The structured replica's period in nodes: whole TreeR base subtrees (8^2) and TreeD ones (2^6).
constexpr std::uint64_t kStructuredPeriod = 64;
constexpr std::string_view kUpdateDataPurpose = "cuzk update data";
constexpr std::string_view kOldReplicaPurpose = "cuzk update old replica";
constexpr std::string_view kCommCPurpose = "cuzk update comm_c";

// The sealed sector an update of `proof` starts from: its V1_1 registered seal proof, the one the
// update's API version (1.1.0) goes with.
porep::RegisteredSealProof sealed_proof_for(update::RegisteredUpdateProof proof) {
  switch (proof) {
    case update::RegisteredUpdateProof::kStackedDrg2KiBV1:
      return porep::RegisteredSealProof::kStackedDrg2KiBV1_1;
    case update::RegisteredUpdateProof::kStackedDrg8MiBV1:
      return porep::RegisteredSealProof::kStackedDrg8MiBV1_1;
    case update::RegisteredUpdateProof::kStackedDrg512MiBV1:
      return porep::RegisteredSealProof::kStackedDrg512MiBV1_1;
    case update::RegisteredUpdateProof::kStackedDrg32GiBV1:
      return porep::RegisteredSealProof::kStackedDrg32GiBV1_1;
    case update::RegisteredUpdateProof::kStackedDrg64GiBV1:
      return porep::RegisteredSealProof::kStackedDrg64GiBV1_1;
  }
  throw Error("unknown registered update proof");
}

porep::update::MerklePath to_path(MerkleOpening opening) {
  return {opening.root, opening.leaf, opening.shape, std::move(opening.siblings),
          std::move(opening.indices)};
}

// The old sector: its replica as a leaf function with the period it repeats with, and comm_c.
struct OldSector {
  LeafFunction replica;
  std::uint64_t period = 0;
  porep::Domain comm_c{};
  std::shared_ptr<const SealedSector> sealed;  // kept alive for `replica` when really sealed
};

OldSector seal_old_sector(const update::UpdateProofInfo& info, const GenerateUpdateOptions& o) {
  if (info.nodes > kMaxSealedNodes) {
    throw Error(std::string(info.name) + ": an old sector above 512 MiB cannot be sealed here");
  }
  auto sealed = std::make_shared<const SealedSector>(
      sealed_proof_for(info.proof), porep::PorepOverrides{}, o.data_seed, o.identity);
  OldSector old;
  old.replica = [replica = sealed->replica()](std::uint64_t i) { return replica[i]; };
  old.period = info.nodes;
  old.comm_c = sealed->comm_c();
  old.sealed = std::move(sealed);
  return old;
}

OldSector structured_old_sector(const update::UpdateProofInfo& info,
                                const GenerateUpdateOptions& o) {
  OldSector old;
  const PseudoRandomDomains labels(o.data_seed, kOldReplicaPurpose);
  old.period = std::min(kStructuredPeriod, info.nodes);
  old.replica = [labels, period = old.period](std::uint64_t i) { return labels.at(i % period); };
  old.comm_c = PseudoRandomDomains(o.data_seed, kCommCPurpose).at(0);
  return old;
}

class UpdateEncoder {
 public:
  UpdateEncoder(const update::UpdateProofInfo& info, OldSector old, std::uint64_t new_data_seed)
      : info_(info),
        old_(std::move(old)),
        h_(info.h()),
        shape_r_(update::tree_r_path(info)),
        shape_d_(update::tree_d_path(info)) {
    const std::uint32_t sector_bits = info.challenge_bits();
    tree_r_old_ = std::make_unique<StructuredMerkleTree>(TreeHasher::kPoseidon, shape_r_,
                                                         old_.replica, old_.period, sector_bits);
    if (old_.sealed && !(tree_r_old_->root() == old_.sealed->comm_r_last())) {
      throw std::logic_error("the old replica's TreeR does not hash to the sealed comm_r_last");
    }
    comm_r_old_ = comm_r_from_roots(old_.comm_c, tree_r_old_->root());

    const PseudoRandomDomains data(new_data_seed, kUpdateDataPurpose);
    const std::uint64_t period = old_.period;
    LeafFunction data_leaf = [data, period](std::uint64_t i) { return data.at(i % period); };
    tree_d_new_ = std::make_unique<StructuredMerkleTree>(TreeHasher::kSha256, shape_d_, data_leaf,
                                                         period, sector_bits);
    comm_d_new_ = tree_d_new_->root();

    // All nodes of one of the 2^h slices share a rho, so the new replica repeats within a slice.
    const std::uint32_t slice_bits = update::high_bits_shift(info, h_);
    auto rhos =
        std::make_shared<const update::Rhos>(info, h_, update::phi(comm_d_new_, comm_r_old_));
    LeafFunction new_leaf = [old_leaf = old_.replica, data_leaf, rhos](std::uint64_t i) {
      return porep::fr_to_domain(update::encode_label(*porep::domain_to_fr(old_leaf(i)),
                                                      *porep::domain_to_fr(data_leaf(i)),
                                                      rhos->for_node(i)));
    };
    tree_r_new_ = std::make_unique<StructuredMerkleTree>(
        TreeHasher::kPoseidon, shape_r_, new_leaf, std::min(period, std::uint64_t{1} << slice_bits),
        slice_bits);
    comm_r_new_ = comm_r_from_roots(old_.comm_c, tree_r_new_->root());
  }

  update::PartitionProof prove_partition(std::uint32_t k) const {
    update::PartitionProof proof;
    proof.comm_c = old_.comm_c;
    const std::uint32_t apex_level =
        info_.challenge_bits() - info_.partition_bits() - info_.apex_leaf_bits();
    for (std::uint64_t a = 0; a < info_.apex_leaves; ++a) {
      proof.apex_leafs.push_back(tree_d_new_->node(apex_level, k * info_.apex_leaves + a));
    }
    for (std::uint32_t c : update::update_challenges(info_, comm_r_new_, k)) {
      proof.challenge_proofs.push_back({to_path(tree_r_old_->open(c)),
                                        to_path(tree_d_new_->open(c)),
                                        to_path(tree_r_new_->open(c))});
    }
    return proof;
  }

  UpdateInput output() const {
    UpdateInput out;
    out.proof = info_.proof;
    out.comm_r_old = comm_r_old_;
    out.comm_d_new = comm_d_new_;
    out.comm_r_new = comm_r_new_;
    out.partitions.resize(info_.partitions);
    parallel_for(info_.partitions, 1, [&](std::uint64_t k) {
      out.partitions[k] = prove_partition(static_cast<std::uint32_t>(k));
    });
    return out;
  }

 private:
  const update::UpdateProofInfo& info_;
  OldSector old_;
  std::uint32_t h_;
  porep::PathShape shape_r_;
  porep::PathShape shape_d_;
  std::unique_ptr<StructuredMerkleTree> tree_r_old_;
  std::unique_ptr<StructuredMerkleTree> tree_d_new_;
  std::unique_ptr<StructuredMerkleTree> tree_r_new_;
  porep::Domain comm_r_old_{};
  porep::Domain comm_d_new_{};
  porep::Domain comm_r_new_{};
};

}  // namespace

UpdateReplicaMethod resolve_update_method(update::RegisteredUpdateProof proof,
                                          UpdateReplicaMethod method) {
  if (method != UpdateReplicaMethod::kAuto) return method;
  return update::update_proof_info(proof).nodes <= kMaxAutoSealedNodes
             ? UpdateReplicaMethod::kSeal
             : UpdateReplicaMethod::kStructured;
}

UpdateInput generate_update(const GenerateUpdateOptions& options) {
  const update::UpdateProofInfo& info = update::update_proof_info(options.proof);
  OldSector old = resolve_update_method(options.proof, options.method) == UpdateReplicaMethod::kSeal
                      ? seal_old_sector(info, options)
                      : structured_old_sector(info, options);
  UpdateInput out = UpdateEncoder(info, std::move(old), options.new_data_seed).output();
  if (const auto actor = porep::actor_id_from_prover_id(options.identity.prover_id)) {
    out.miner_id = *actor;
    out.sector_number = options.identity.sector_id;
  }
  return out;
}

}  // namespace cuzk::sealing
