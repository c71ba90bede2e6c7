// A valid sector update built natively, as storage-proofs-update tests/circuit.rs builds one: a
// random old replica and its TreeR, a random comm_c, random new data and TreeDNew, the data
// encoded with rho into the new replica and its TreeR, and per partition the challenges, the apex
// leaves and the three openings of each challenge, turned into circuit inputs. The trees are the
// PoRep tests' NativeMerkleTree; phi, rho and the challenges are porep/update's (which
// test/porep checks against challenges.rs' vectors), not the circuit's.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "circuit/update/update_inputs.hpp"
#include "circuit/update/update_shape.hpp"
#include "hashers/poseidon_hasher.hpp"
#include "porep/update/challenges.hpp"
#include "porep/update/randomness.hpp"
#include "stacked_test_witness.hpp"

namespace cuzk::test {

class NativeUpdate {
 public:
  using TreeR = NativeMerkleTree<merkle::PoseidonMerkleHasher>;
  using TreeD = NativeMerkleTree<merkle::Sha256MerkleHasher>;

  NativeUpdate(porep::update::RegisteredUpdateProof proof, std::uint64_t seed)
      : info_(porep::update::update_proof_info(proof)),
        shape_(circuit::update::update_shape(proof)),
        h_(info_.h()),
        rng_(seed) {
    const std::uint64_t sector_nodes = info_.nodes;
    const std::uint64_t n = sector_nodes;
    std::vector<Fr> labels_r_old(n), data(n), labels_r_new(n);
    for (Fr& x : labels_r_old) x = random_fr();
    tree_r_old_.emplace(shape_.tree_r, labels_r_old);
    comm_c_ = random_fr();
    comm_r_old_ = hashers::poseidon_hash2(comm_c_, tree_r_old_->root());

    for (Fr& x : data) x = random_fr();
    tree_d_new_.emplace(shape_.tree_d(), data);
    comm_d_new_ = tree_d_new_->root();

    phi_ = porep::update::phi(porep::fr_to_domain(comm_d_new_), porep::fr_to_domain(comm_r_old_));
    for (std::uint64_t i = 0; i < n; ++i) labels_r_new[i] = labels_r_old[i] + data[i] * rho(i);
    tree_r_new_.emplace(shape_.tree_r, labels_r_new);
    comm_r_new_ = hashers::poseidon_hash2(comm_c_, tree_r_new_->root());

    labels_r_old_ = std::move(labels_r_old);
    data_ = std::move(data);
    labels_r_new_ = std::move(labels_r_new);
  }

  const circuit::update::UpdateShape& shape() const { return shape_; }

  // rho for node i: H(phi, the h high bits of i) (vanilla.rs rho).
  Fr rho(std::uint64_t node) const {
    return porep::update::rho(phi_,
                              static_cast<std::uint32_t>(node >> (shape_.challenge_bit_len - h_)));
  }

  // Partition k's challenges (challenges.rs Challenges::new).
  std::vector<std::uint32_t> challenges(std::uint32_t k) const {
    return porep::update::update_challenges(info_, porep::fr_to_domain(comm_r_new_), k);
  }

  // Partition k's circuit: the statement (h = h_default) and the openings of its challenges.
  circuit::update::UpdateCircuit circuit(std::uint32_t k) const {
    circuit::update::UpdateCircuit c;
    c.shape = shape_;
    c.public_inputs = circuit::update::UpdatePublicInputs::make(shape_, k, h_, comm_r_old_,
                                                                comm_d_new_, comm_r_new_);
    c.private_inputs.comm_c = comm_c_;
    c.private_inputs.root_r_old = tree_r_old_->root();
    c.private_inputs.root_r_new = tree_r_new_->root();
    // Apex leaf a is the root of the TreeD subtree over its span of leaves.
    const std::size_t apex_height =
        shape_.challenge_bit_len - shape_.partition_bit_len - shape_.apex_leaf_bit_len;
    const std::size_t apex_span = std::size_t{1} << apex_height;
    for (std::size_t a = 0; a < shape_.apex_leaf_count; ++a) {
      const auto first =
          data_.begin() + static_cast<std::ptrdiff_t>((k * shape_.apex_leaf_count + a) * apex_span);
      const TreeD subtree(shape_.tree_d(),
                          std::vector<Fr>(first, first + static_cast<std::ptrdiff_t>(apex_span)));
      c.private_inputs.apex_leafs.emplace_back(subtree.root());
    }
    for (const std::uint32_t challenge : challenges(k)) {
      circuit::update::UpdateChallengeProof proof;
      proof.leaf_r_old = labels_r_old_[challenge];
      proof.path_r_old = rows(tree_r_old_->path(challenge));
      proof.leaf_d_new = data_[challenge];
      proof.path_d_new = rows(tree_d_new_->path(challenge));
      proof.leaf_r_new = labels_r_new_[challenge];
      proof.path_r_new = rows(tree_r_new_->path(challenge));
      c.private_inputs.challenge_proofs.push_back(std::move(proof));
    }
    return c;
  }

 private:
  Fr random_fr() {
    std::array<std::uint8_t, 32> bytes{};
    for (std::size_t i = 0; i < 32; i += 8) {
      const std::uint64_t word = rng_();
      for (std::size_t b = 0; b < 8; ++b) bytes[i + b] = static_cast<std::uint8_t>(word >> (8 * b));
    }
    bytes[31] &= 0x3f;  // below 2^254, so canonical
    return *porep::domain_to_fr(bytes);
  }
  // An authentication path as the circuit's rows, leaf to root.
  static circuit::update::PathRows rows(const merkle::AuthPath& path) {
    circuit::update::PathRows out;
    const auto add = [&](const merkle::PathLevel& level) { out.push_back(level.siblings); };
    for (const merkle::PathLevel& level : path.base) add(level);
    if (path.sub) add(*path.sub);
    if (path.top) add(*path.top);
    return out;
  }

  const porep::update::UpdateProofInfo& info_;
  circuit::update::UpdateShape shape_;
  std::size_t h_;
  std::mt19937_64 rng_;
  std::vector<Fr> labels_r_old_, data_, labels_r_new_;
  std::optional<TreeR> tree_r_old_, tree_r_new_;
  std::optional<TreeD> tree_d_new_;
  Fr comm_c_, comm_r_old_, comm_d_new_, comm_r_new_;
  porep::Domain phi_{};
};

}  // namespace cuzk::test
