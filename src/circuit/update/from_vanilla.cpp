#include "circuit/update/from_vanilla.hpp"

#include <string>

#include "porep/domain.hpp"
#include "porep/update/public_inputs.hpp"
#include "util/error.hpp"
#include "util/hex.hpp"

namespace cuzk::circuit::update {
namespace {

Fr to_fr(const porep::Domain& d, const char* what) {
  const auto fr = porep::domain_to_fr(d);
  if (!fr) throw Error(std::string("update circuit: ") + what + " " + to_hex(d) + " is not in Fr");
  return *fr;
}

// ChallengeProof::from_merkle_proofs: the siblings of each level, leaf to root.
PathRows path_rows(const porep::update::MerklePath& path, const char* what) {
  PathRows rows;
  rows.reserve(path.shape.levels());
  std::size_t next = 0;
  for (std::uint32_t level = 0; level < path.shape.levels(); ++level) {
    const std::uint32_t siblings = path.shape.arity(level) - 1;
    if (next + siblings > path.siblings.size()) {
      throw Error(std::string("update circuit: ") + what + " has too few siblings for its shape");
    }
    auto& row = rows.emplace_back();
    row.reserve(siblings);
    for (std::uint32_t i = 0; i < siblings; ++i)
      row.emplace_back(to_fr(path.siblings[next++], what));
  }
  return rows;
}

}  // namespace

UpdateCircuit circuit_from_vanilla(const porep::update::UpdateStatement& statement,
                                   const porep::update::PartitionProof& proof) {
  if (proof.challenge_proofs.empty())
    throw Error("update circuit: a partition proof has no challenges");
  UpdateCircuit circuit;
  circuit.shape = update_shape(statement.registered_proof);
  const auto inputs = porep::update::update_public_inputs(statement);
  circuit.public_inputs = UpdatePublicInputs{inputs[0], inputs[1], inputs[2], inputs[3]};

  UpdatePrivateInputs& priv = circuit.private_inputs;
  priv.comm_c = to_fr(proof.comm_c, "comm_c");
  priv.root_r_old = to_fr(proof.challenge_proofs.front().proof_r_old.root, "root_r_old");
  priv.root_r_new = to_fr(proof.challenge_proofs.front().proof_r_new.root, "root_r_new");
  priv.apex_leafs.reserve(proof.apex_leafs.size());
  for (const porep::Domain& leaf : proof.apex_leafs) {
    priv.apex_leafs.emplace_back(to_fr(leaf, "an apex leaf"));
  }
  priv.challenge_proofs.reserve(proof.challenge_proofs.size());
  for (const porep::update::ChallengeProof& c : proof.challenge_proofs) {
    UpdateChallengeProof& out = priv.challenge_proofs.emplace_back();
    out.leaf_r_old = to_fr(c.proof_r_old.leaf, "leaf_r_old");
    out.path_r_old = path_rows(c.proof_r_old, "path_r_old");
    out.leaf_d_new = to_fr(c.proof_d_new.leaf, "leaf_d_new");
    out.path_d_new = path_rows(c.proof_d_new, "path_d_new");
    out.leaf_r_new = to_fr(c.proof_r_new.leaf, "leaf_r_new");
    out.path_r_new = path_rows(c.proof_r_new, "path_r_new");
  }
  return circuit;
}

}  // namespace cuzk::circuit::update
