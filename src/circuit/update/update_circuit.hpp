// The EmptySectorUpdate (SnapDeals) circuit of one partition (storage-proofs-update circuit.rs
// EmptySectorUpdateCircuit::synthesize), written once over the constraint system like the PoRep
// circuit, so that TestCS, CountingCS, FingerprintCS and the provers all see rust-fil-proofs'
// R1CS: the same variables, constraints and coefficients, in the same order.
//
// Order: k_and_h_select (public) and its bits, the partition packed; comm_r_old, comm_d_new,
// comm_r_new (public); phi = H(comm_d_new, comm_r_old); comm_c, root_r_old, root_r_new, the apex
// leaves and the partition path (private); comm_r_old/new = H(comm_c, root_r_old/new); the apex
// tree and its inclusion in TreeDNew; every challenge's random bits. Then per challenge
// (synthesize_update_challenge): rho, the three leaves (the new one computed), the two TreeR
// paths, the apex leaf selected and the TreeD path up to it.
#pragma once

#include <span>
#include <vector>

#include "circuit/constraint_system.hpp"
#include "circuit/gadgets/boolean.hpp"
#include "circuit/gadgets/multipack.hpp"
#include "circuit/gadgets/num.hpp"
#include "circuit/merkle/insertion.hpp"
#include "circuit/merkle/por.hpp"
#include "circuit/merkle/poseidon_hasher_circuit.hpp"
#include "circuit/merkle/sha256_hasher_circuit.hpp"
#include "circuit/update/apex_por.hpp"
#include "circuit/update/binary_decomposition.hpp"
#include "circuit/update/challenge_high_bits.hpp"
#include "circuit/update/gen_challenge_bits.hpp"
#include "circuit/update/label_r_new.hpp"
#include "circuit/update/update_inputs.hpp"
#include "util/error.hpp"

namespace cuzk::circuit::update {

namespace detail {

template <ConstraintSystem CS>
AllocatedNum alloc_named(CS& cs, Name name, const std::optional<Fr>& value) {
  auto scope = cs.scope(name);
  return AllocatedNum::alloc(cs, value);
}

// A public element: allocated (scope `name`), then exposed (scope `input_name`).
template <ConstraintSystem CS>
AllocatedNum alloc_public(CS& cs, const char* name, const char* input_name,
                          const std::optional<Fr>& value) {
  const AllocatedNum num = alloc_named(cs, name, value);
  auto scope = cs.scope(input_name);
  num.inputize(cs);
  return num;
}

// Path rows allocated row by row, sibling by sibling (scope `name` row, then "sibling" i); with
// `first_only`, only each row's first sibling (TreeD rows).
template <ConstraintSystem CS>
std::vector<std::vector<AllocatedNum>> alloc_path(
    CS& cs, const char* name, std::span<const std::vector<std::optional<Fr>>> rows) {
  std::vector<std::vector<AllocatedNum>> path;
  path.reserve(rows.size());
  for (std::size_t row = 0; row < rows.size(); ++row) {
    auto row_scope = cs.scope(name, row);
    std::vector<AllocatedNum>& siblings = path.emplace_back();
    siblings.reserve(rows[row].size());
    for (std::size_t i = 0; i < rows[row].size(); ++i) {
      siblings.push_back(alloc_named(cs, Name("sibling", i), rows[row][i]));
    }
  }
  return path;
}

// The k_and_h_select bits (partition_bit_len + 6, least significant first; scopes
// "k_and_h_select_bit" i) and their decomposition.
template <ConstraintSystem CS>
std::vector<AllocatedBit> k_and_h_select_bits(CS& cs, const UpdateShape& shape,
                                              const AllocatedNum& packed) {
  const std::size_t bit_len = shape.partition_bit_len + kHsCount;
  std::optional<bls12_381::Limbs<4>> limbs;
  if (packed.value()) limbs = packed.value()->to_canonical();
  std::vector<AllocatedBit> bits;
  bits.reserve(bit_len);
  for (std::size_t i = 0; i < bit_len; ++i) {
    std::optional<bool> bit;
    if (limbs) bit = (((*limbs)[i / 64] >> (i % 64)) & 1) != 0;
    auto scope = cs.scope("k_and_h_select_bit", i);
    bits.push_back(AllocatedBit::alloc(cs, bit));
  }
  enforce_binary_decomposition(cs, "k_and_h_select binary decomp",
                               std::span<const AllocatedBit>(bits), packed);
  return bits;
}

template <ConstraintSystem CS>
void enforce_equal_to(CS& cs, Name name, const AllocatedNum& computed, const AllocatedNum& given) {
  cs.enforce(name, LinearCombination(computed.variable()), LinearCombination(Variable::one()),
             LinearCombination(given.variable()));
}

}  // namespace detail

// What every challenge of a partition shares.
struct UpdatePartitionWires {
  std::vector<AllocatedBit> partition_bits;  // least significant first
  std::vector<AllocatedBit> h_select_bits;
  AllocatedNum phi;
  AllocatedNum root_r_old;
  AllocatedNum root_r_new;
  std::vector<AllocatedNum> apex_leafs;
  std::vector<std::vector<AllocatedBit>> random_bits;  // per challenge, the partition excluded
};

// Everything before the first challenge.
template <ConstraintSystem CS>
UpdatePartitionWires synthesize_update_prefix(CS& cs, const UpdateCircuit& circuit) {
  const UpdateShape& shape = circuit.shape;
  const UpdatePublicInputs& pub = circuit.public_inputs;
  const UpdatePrivateInputs& priv = circuit.private_inputs;
  UpdatePartitionWires wires;

  const AllocatedNum k_and_h_select = detail::alloc_public(
      cs, "k_and_h_select", "k_and_h_select (public input)", pub.k_and_h_select);
  std::vector<AllocatedBit> bits = detail::k_and_h_select_bits(cs, shape, k_and_h_select);
  const auto split = bits.begin() + static_cast<std::ptrdiff_t>(shape.partition_bit_len);
  wires.partition_bits.assign(bits.begin(), split);
  wires.h_select_bits.assign(split, bits.end());
  const std::vector<Boolean> partition_booleans(wires.partition_bits.begin(),
                                                wires.partition_bits.end());
  AllocatedNum partition;
  {
    auto scope = cs.scope("pack partition bits");
    partition = pack_bits(cs, std::span<const Boolean>(partition_booleans));
  }

  const AllocatedNum comm_r_old =
      detail::alloc_public(cs, "comm_r_old", "comm_r_old_input", pub.comm_r_old);
  const AllocatedNum comm_d_new =
      detail::alloc_public(cs, "comm_d_new", "comm_d_new_input", pub.comm_d_new);
  const AllocatedNum comm_r_new =
      detail::alloc_public(cs, "comm_r_new", "comm_r_new_input", pub.comm_r_new);
  {
    auto scope = cs.scope("phi");
    wires.phi = gen_randomness_hash_circuit(cs, comm_d_new, comm_r_old);
  }

  const AllocatedNum comm_c = detail::alloc_named(cs, "comm_c", priv.comm_c);
  wires.root_r_old = detail::alloc_named(cs, "root_r_old", priv.root_r_old);
  wires.root_r_new = detail::alloc_named(cs, "root_r_new", priv.root_r_new);
  wires.apex_leafs.reserve(priv.apex_leafs.size());
  for (std::size_t i = 0; i < priv.apex_leafs.size(); ++i) {
    wires.apex_leafs.push_back(detail::alloc_named(cs, Name("apex_leaf", i), priv.apex_leafs[i]));
  }
  // The partition path: the top rows of challenge 0's TreeD path (validate() checked that every
  // challenge has the same), one sibling each.
  const PathRows& path_d = priv.challenge_proofs.front().path_d_new;
  const std::span<const std::vector<std::optional<Fr>>> partition_rows =
      std::span(path_d).subspan(shape.challenge_bit_len - shape.partition_bit_len);
  std::vector<std::vector<AllocatedNum>> partition_path;
  partition_path.reserve(partition_rows.size());
  for (std::size_t i = 0; i < partition_rows.size(); ++i) {
    partition_path.push_back(
        {detail::alloc_named(cs, Name("partition_path_sibling", i), partition_rows[i].front())});
  }

  // comm_r = H(comm_c, root_r), old and new.
  AllocatedNum comm_r_old_calc, comm_r_new_calc;
  {
    auto scope = cs.scope("comm_r_old_calc");
    comm_r_old_calc = merkle::poseidon_hash2_circuit(cs, comm_c, wires.root_r_old);
  }
  detail::enforce_equal_to(cs, "enforce comm_r_old_calc == comm_r_old", comm_r_old_calc,
                           comm_r_old);
  {
    auto scope = cs.scope("comm_r_new_calc");
    comm_r_new_calc = merkle::poseidon_hash2_circuit(cs, comm_c, wires.root_r_new);
  }
  detail::enforce_equal_to(cs, "enforce comm_r_new_calc == comm_r_new", comm_r_new_calc,
                           comm_r_new);

  {
    auto scope = cs.scope("apex_gadget");
    apex_por(cs, std::span<const AllocatedNum>(wires.apex_leafs),
             std::span<const Boolean>(partition_booleans),
             std::span<const std::vector<AllocatedNum>>(partition_path), comm_d_new);
  }
  auto scope = cs.scope("gen_challenge_bits");
  wires.random_bits = gen_challenge_bits(cs, comm_r_new, partition, shape.challenge_count,
                                         shape.challenge_sans_partition_bit_len());
  return wires;
}

// Challenge c_index of the partition, after the prefix and the challenges before it.
template <ConstraintSystem CS>
void synthesize_update_challenge(CS& cs, const UpdateCircuit& circuit,
                                 const UpdatePartitionWires& wires, std::size_t c_index) {
  const UpdateShape& shape = circuit.shape;
  const UpdateChallengeProof& proof = circuit.private_inputs.challenge_proofs[c_index];
  auto challenge_scope = cs.scope("challenge", c_index);

  // The challenge: its random bits, then the partition index above them.
  std::vector<AllocatedBit> c_bits = wires.random_bits[c_index];
  c_bits.insert(c_bits.end(), wires.partition_bits.begin(), wires.partition_bits.end());
  const std::vector<Boolean> c_booleans(c_bits.begin(), c_bits.end());

  AllocatedNum c_high, rho;
  {
    auto scope = cs.scope("get_challenge_high_bits");
    c_high = get_challenge_high_bits(cs, std::span<const AllocatedBit>(c_bits),
                                     std::span<const AllocatedBit>(wires.h_select_bits),
                                     std::span<const std::size_t>(shape.hs));
  }
  {
    auto scope = cs.scope("rho");
    rho = gen_randomness_hash_circuit(cs, wires.phi, c_high);
  }

  const AllocatedNum leaf_r_old = detail::alloc_named(cs, "leaf_r_old", proof.leaf_r_old);
  const AllocatedNum leaf_d_new = detail::alloc_named(cs, "leaf_d_new", proof.leaf_d_new);
  AllocatedNum leaf_r_new;
  {
    auto scope = cs.scope("leaf_r_new");
    leaf_r_new = label_r_new(cs, leaf_r_old, leaf_d_new, rho);
  }
  check_label_r_new(c_index, leaf_r_new.value(), proof.leaf_r_new);

  const std::span<const Boolean> all_bits(c_booleans);
  {
    const auto path = detail::alloc_path(cs, "path_r_old row", std::span(proof.path_r_old));
    auto scope = cs.scope("por tree_r_old");
    merkle::enforce_inclusion_at<merkle::PoseidonMerkleHasher>(
        cs, shape.tree_r, all_bits, leaf_r_old, std::span(path), wires.root_r_old);
  }
  {
    const auto path = detail::alloc_path(cs, "path_r_new row", std::span(proof.path_r_new));
    auto scope = cs.scope("por tree_r_new");
    merkle::enforce_inclusion_at<merkle::PoseidonMerkleHasher>(
        cs, shape.tree_r, all_bits, leaf_r_new, std::span(path), wires.root_r_new);
  }

  // The apex leaf the challenge lies under, picked by the bits just below the partition's, and
  // the TreeD path from the leaf up to it.
  const std::size_t to_apex =
      shape.challenge_bit_len - shape.partition_bit_len - shape.apex_leaf_bit_len;
  AllocatedNum apex_leaf;
  {
    auto scope = cs.scope("select_apex_leaf");
    apex_leaf = merkle::select(cs, std::span<const AllocatedNum>(wires.apex_leafs),
                               all_bits.subspan(to_apex, shape.apex_leaf_bit_len));
  }
  const auto path =
      detail::alloc_path(cs, "path_to_apex_leaf row", std::span(proof.path_d_new).first(to_apex));
  auto scope = cs.scope("por to_apex_leaf");
  merkle::enforce_inclusion_at<merkle::Sha256MerkleHasher>(
      cs, shape.tree_d(), all_bits.first(to_apex), leaf_d_new, std::span(path), apex_leaf);
}

template <ConstraintSystem CS>
void synthesize(CS& cs, const UpdateCircuit& circuit) {
  validate(circuit);
  const UpdatePartitionWires wires = synthesize_update_prefix(cs, circuit);
  for (std::size_t c = 0; c < circuit.shape.challenge_count; ++c) {
    synthesize_update_challenge(cs, circuit, wires, c);
  }
}

}  // namespace cuzk::circuit::update
