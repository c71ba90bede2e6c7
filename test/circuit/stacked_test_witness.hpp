// A small sealed sector built natively for the StackedDRG circuit tests: random data, every
// node's labels computed as the vanilla labelling does (SHA-256 over replica id, layer, node and
// the 37 parent slots), columns and their Poseidon hashes, trees D (SHA-256, binary), C and
// R_last (Poseidon, the given shape), comm_r = Poseidon2(comm_c, comm_r_last), and the circuit
// inputs of partition k for the interactive challenges derived from a random seed. Everything the
// circuit checks holds, so the circuit must be satisfied.
#pragma once

#include <array>
#include <cstdint>
#include <random>
#include <span>
#include <vector>

#include "circuit/merkle/por.hpp"
#include "circuit/merkle/poseidon_hasher_circuit.hpp"
#include "circuit/merkle/sha256_hasher_circuit.hpp"
#include "circuit/stacked/circuit_inputs.hpp"
#include "circuit/stacked/column_hash.hpp"
#include "circuit/stacked/label_native.hpp"
#include "hashers/poseidon_hasher.hpp"
#include "porep/challenges.hpp"
#include "porep/graph.hpp"
#include "porep/public_inputs.hpp"

namespace cuzk::test {

using bls12_381::Fr;
namespace stacked = circuit::stacked;
namespace merkle = circuit::merkle;

// A Merkle tree as Filecoin builds compound trees: base trees side by side over consecutive
// leaves, a sub level over groups of base roots, a top level over the sub roots.
template <class Hasher>
class NativeMerkleTree {
 public:
  NativeMerkleTree(const merkle::TreeShape& shape, std::vector<Fr> leaves) : shape_(shape) {
    const std::size_t sub = shape.sub_arity ? shape.sub_arity : 1;
    const std::size_t top = shape.top_arity ? shape.top_arity : 1;
    base_width_ = leaves.size() / (sub * top);
    for (std::size_t b = 0; b < sub * top; ++b) {
      std::vector<std::vector<Fr>> rows;
      rows.emplace_back(leaves.begin() + b * base_width_, leaves.begin() + (b + 1) * base_width_);
      while (rows.back().size() > 1) rows.push_back(reduce(rows.back(), shape.base_arity));
      base_roots_.push_back(rows.back()[0]);
      base_.push_back(std::move(rows));
    }
    sub_roots_ = shape.sub_arity ? reduce(base_roots_, sub) : base_roots_;
    root_ = shape.top_arity ? reduce(sub_roots_, top)[0] : sub_roots_[0];
  }

  const Fr& root() const { return root_; }

  merkle::AuthPath path(std::size_t leaf) const {
    const std::size_t b = leaf / base_width_;
    std::size_t pos = leaf % base_width_;
    merkle::AuthPath p;
    for (std::size_t level = 0; level + 1 < base_[b].size(); ++level) {
      p.base.push_back(level_of(base_[b][level], pos, shape_.base_arity));
      pos /= shape_.base_arity;
    }
    if (shape_.sub_arity) p.sub = level_of(base_roots_, b, shape_.sub_arity);
    if (shape_.top_arity) p.top = level_of(sub_roots_, b / shape_.sub_arity, shape_.top_arity);
    return p;
  }

 private:
  static std::vector<Fr> reduce(const std::vector<Fr>& row, std::size_t arity) {
    std::vector<Fr> up;
    for (std::size_t i = 0; i < row.size(); i += arity) {
      up.push_back(Hasher::hash_multi_leaf_native(std::span<const Fr>(row).subspan(i, arity)));
    }
    return up;
  }
  static merkle::PathLevel level_of(const std::vector<Fr>& row, std::size_t pos,
                                    std::size_t arity) {
    merkle::PathLevel level;
    level.index = pos % arity;
    const std::size_t first = pos - pos % arity;
    for (std::size_t k = first; k < first + arity; ++k) {
      if (k != pos) level.siblings.emplace_back(row[k]);
    }
    return level;
  }

  merkle::TreeShape shape_;
  std::size_t base_width_ = 0;
  std::vector<std::vector<std::vector<Fr>>> base_;
  std::vector<Fr> base_roots_, sub_roots_;
  Fr root_;
};

class NativeSector {
 public:
  NativeSector(const stacked::CircuitShape& shape, std::uint64_t rng_seed)
      : shape_(shape), config_(make_config(shape)), graph_(config_) {
    std::mt19937_64 rng(rng_seed);
    replica_id_ = Fr::random(rng).to_bytes_le();
    seed_ = Fr::random(rng).to_bytes_le();
    data_.resize(shape.nodes);
    for (Fr& d : data_) d = Fr::random(rng);

    labels_.assign(shape.layers, std::vector<porep::Domain>(shape.nodes));
    for (std::uint32_t layer = 1; layer <= shape.layers; ++layer) {
      for (std::uint32_t node = 0; node < shape.nodes; ++node) {
        labels_[layer - 1][node] = label(layer, node);
      }
    }
    std::vector<Fr> column_hashes(shape.nodes), replica(shape.nodes);
    for (std::uint32_t node = 0; node < shape.nodes; ++node) {
      column_hashes[node] = stacked::hash_single_column_native(column(node));
      replica[node] = label_fr(shape.layers, node) + data_[node];
    }
    tree_d_.emplace(shape.data_tree(), data_);
    tree_c_.emplace(shape.column_tree(), column_hashes);
    tree_r_.emplace(shape.column_tree(), replica);
    comm_r_ = hashers::poseidon_hash2(tree_c_->root(), tree_r_->root());
  }

  const porep::StackedGraph& graph() const { return graph_; }
  porep::SealPublicValues public_values() const {
    return {replica_id_, tree_d_->root().to_bytes_le(), comm_r_.to_bytes_le(), seed_};
  }
  std::vector<std::uint64_t> challenges(std::uint32_t k) const {
    return porep::interactive_challenges(shape_.nodes, replica_id_, seed_, shape_.challenges, k);
  }
  Fr label_fr(std::uint32_t layer, std::uint64_t node) const {
    return *porep::domain_to_fr(labels_[layer - 1][node]);
  }

  stacked::StackedCircuit circuit(std::uint32_t k) const {
    stacked::StackedCircuit c;
    c.shape = shape_;
    c.replica_id = porep::domain_to_fr(replica_id_);
    c.comm_d = tree_d_->root();
    c.comm_r = comm_r_;
    c.comm_r_last = tree_r_->root();
    c.comm_c = tree_c_->root();
    for (const std::uint64_t challenge : challenges(k)) {
      stacked::ChallengeWitness w;
      w.comm_d_path = tree_d_->path(challenge);
      w.data_leaf = data_[challenge];
      w.challenge = challenge;
      w.comm_r_last_path = tree_r_->path(challenge);
      w.comm_c_path = tree_c_->path(challenge);
      const porep::Parents parents = graph_.parents(static_cast<std::uint32_t>(challenge));
      for (std::size_t i = 0; i < porep::kBaseDegree; ++i)
        w.drg_parents[i] = column_witness(parents[i]);
      for (std::size_t i = 0; i < porep::kExpanderDegree; ++i) {
        w.exp_parents[i] = column_witness(parents[porep::kBaseDegree + i]);
      }
      c.proofs.push_back(std::move(w));
    }
    return c;
  }

 private:
  static porep::PorepConfig make_config(const stacked::CircuitShape& shape) {
    porep::PorepConfig config;
    config.nodes = shape.nodes;
    config.layers = shape.layers;
    config.partitions = 1;
    config.challenges_per_partition = shape.challenges;
    config.tree = shape.tree;
    config.porep_id.fill(44);  // stacked_circuit.rs' arbitrary porep_id
    config.api_version = porep::ApiVersion::kV1_1_0;
    config.challenge_mode = porep::ChallengeMode::kInteractive;
    return config;
  }

  // The vanilla label: layer 1 hashes the 6 DRG parents' layer-1 labels (six times over, then
  // the first again); later layers the DRG parents' labels of this layer and the expander
  // parents' of the previous one (twice over, then the first 9). Node 0 hashes no parents.
  porep::Domain label(std::uint32_t layer, std::uint32_t node) const {
    if (node == 0) return stacked::create_label_native(replica_id_, layer, node, {});
    const porep::Parents parents = graph_.parents(node);
    std::vector<porep::Domain> distinct;
    for (std::size_t i = 0; i < porep::kBaseDegree; ++i)
      distinct.push_back(labels_[layer - 1][parents[i]]);
    if (layer > 1) {
      for (std::size_t i = porep::kBaseDegree; i < porep::kParentCount; ++i) {
        distinct.push_back(labels_[layer - 2][parents[i]]);
      }
    }
    std::vector<porep::Domain> slots;
    while (slots.size() + distinct.size() <= porep::kTotalParents) {
      slots.insert(slots.end(), distinct.begin(), distinct.end());
    }
    for (std::size_t i = 0; slots.size() < porep::kTotalParents; ++i) slots.push_back(distinct[i]);
    return stacked::create_label_native(replica_id_, layer, node, slots);
  }

  std::vector<Fr> column(std::uint64_t node) const {
    std::vector<Fr> rows;
    for (std::uint32_t layer = 1; layer <= shape_.layers; ++layer)
      rows.push_back(label_fr(layer, node));
    return rows;
  }

  stacked::ColumnWitness column_witness(std::uint64_t node) const {
    stacked::ColumnWitness w;
    for (const Fr& row : column(node)) w.rows.emplace_back(row);
    w.path = tree_c_->path(node);
    return w;
  }

  stacked::CircuitShape shape_;
  porep::PorepConfig config_;
  porep::StackedGraph graph_;
  porep::Domain replica_id_{}, seed_{};
  std::vector<Fr> data_;
  std::vector<std::vector<porep::Domain>> labels_;  // [layer - 1][node]
  std::optional<NativeMerkleTree<merkle::Sha256MerkleHasher>> tree_d_;
  std::optional<NativeMerkleTree<merkle::PoseidonMerkleHasher>> tree_c_, tree_r_;
  Fr comm_r_;
};

}  // namespace cuzk::test
