#include "circuit/update/update_inputs.hpp"

#include <bit>
#include <string>

#include "circuit/merkle/por.hpp"
#include "util/error.hpp"

namespace cuzk::circuit::update {
namespace {

bool bit_of(const bls12_381::Limbs<4>& limbs, std::size_t i) {
  return ((limbs[i / 64] >> (i % 64)) & 1) != 0;
}

// TreeR's rows: the base rows of arity - 1 siblings, then one row per sub and top level.
PathRows blank_tree_r_path(const UpdateShape& shape) {
  const merkle::TreeShape& tree = shape.tree_r;
  PathRows rows(merkle::base_path_length(tree, shape.sector_nodes),
                std::vector<std::optional<Fr>>(tree.base_arity - 1));
  for (const std::size_t arity : {tree.sub_arity, tree.top_arity}) {
    if (arity > 0) rows.emplace_back(arity - 1);
  }
  return rows;
}

void check_rows(const PathRows& rows, const PathRows& expected, const char* what) {
  bool same = rows.size() == expected.size();
  for (std::size_t i = 0; same && i < rows.size(); ++i) same = rows[i].size() == expected[i].size();
  if (!same)
    throw Error(std::string("empty sector update circuit: ") + what + " has the wrong shape");
}

void check_k_and_h_select(const UpdateShape& shape, const Fr& packed) {
  const auto limbs = packed.to_canonical();
  std::uint64_t k = 0;
  for (std::size_t i = 0; i < shape.partition_bit_len; ++i)
    k |= std::uint64_t{bit_of(limbs, i)} << i;
  if (k >= shape.partition_count) {
    throw Error("empty sector update circuit: partition index exceeds the partition count");
  }
  std::size_t set = 0;
  for (std::size_t i = 0; i < kHsCount; ++i) set += bit_of(limbs, shape.partition_bit_len + i);
  if (set != 1)
    throw Error("empty sector update circuit: h_select does not have exactly one bit set");
  for (std::size_t i = shape.partition_bit_len + kHsCount; i < Fr::kBits; ++i) {
    if (bit_of(limbs, i)) {
      throw Error("empty sector update circuit: k_and_h_select has bits above h_select");
    }
  }
}

}  // namespace

UpdatePublicInputs UpdatePublicInputs::make(const UpdateShape& shape, std::size_t k, std::size_t h,
                                            const Fr& comm_r_old, const Fr& comm_d_new,
                                            const Fr& comm_r_new) {
  if (k >= shape.partition_count) {
    throw Error("empty sector update: partition " + std::to_string(k) + " of " +
                std::to_string(shape.partition_count));
  }
  const std::uint64_t packed =
      std::uint64_t{k} | (h_select(shape.sector_nodes, h) << shape.partition_bit_len);
  return {Fr::from_u64(packed), comm_r_old, comm_d_new, comm_r_new};
}

std::vector<Fr> UpdatePublicInputs::to_vector() const {
  if (!k_and_h_select || !comm_r_old || !comm_d_new || !comm_r_new) {
    throw Error("empty sector update: the public inputs are blank");
  }
  return {*k_and_h_select, *comm_r_old, *comm_d_new, *comm_r_new};
}

UpdateChallengeProof UpdateChallengeProof::blank(const UpdateShape& shape) {
  UpdateChallengeProof proof;
  proof.path_r_old = blank_tree_r_path(shape);
  proof.path_d_new.assign(shape.challenge_bit_len, std::vector<std::optional<Fr>>(1));
  proof.path_r_new = proof.path_r_old;
  return proof;
}

UpdatePrivateInputs UpdatePrivateInputs::blank(const UpdateShape& shape) {
  UpdatePrivateInputs inputs;
  inputs.apex_leafs.resize(shape.apex_leaf_count);
  inputs.challenge_proofs.assign(shape.challenge_count, UpdateChallengeProof::blank(shape));
  return inputs;
}

UpdateCircuit blank_update_circuit(const UpdateShape& shape) {
  return {shape, UpdatePublicInputs{}, UpdatePrivateInputs::blank(shape)};
}

void validate(const UpdateCircuit& circuit) {
  const UpdateShape& shape = circuit.shape;
  const UpdatePrivateInputs& priv = circuit.private_inputs;
  if (circuit.public_inputs.k_and_h_select) {
    check_k_and_h_select(shape, *circuit.public_inputs.k_and_h_select);
  }
  if (priv.apex_leafs.size() != shape.apex_leaf_count) {
    throw Error("empty sector update circuit: " + std::to_string(priv.apex_leafs.size()) +
                " apex leaves for " + std::to_string(shape.apex_leaf_count));
  }
  if (priv.challenge_proofs.size() != shape.challenge_count) {
    throw Error("empty sector update circuit: " + std::to_string(priv.challenge_proofs.size()) +
                " challenge proofs for " + std::to_string(shape.challenge_count));
  }
  const UpdateChallengeProof blank = UpdateChallengeProof::blank(shape);
  const PathRows& first_d = priv.challenge_proofs.front().path_d_new;
  const std::size_t partition_start = shape.challenge_bit_len - shape.partition_bit_len;
  for (const UpdateChallengeProof& proof : priv.challenge_proofs) {
    check_rows(proof.path_r_old, blank.path_r_old, "a TreeROld path");
    check_rows(proof.path_d_new, blank.path_d_new, "a TreeDNew path");
    check_rows(proof.path_r_new, blank.path_r_new, "a TreeRNew path");
    for (std::size_t row = partition_start; row < shape.challenge_bit_len; ++row) {
      if (proof.path_d_new[row] != first_d[row]) {
        throw Error("empty sector update circuit: the challenges' partition paths differ");
      }
    }
  }
}

}  // namespace cuzk::circuit::update
