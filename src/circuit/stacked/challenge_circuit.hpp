// One challenge of the StackedDRG circuit (stacked/circuit/params.rs Proof::synthesize), in the
// reference's allocation and constraint order:
//   data leaf, its inclusion in tree D;
//   per DRG parent, then per expander parent: its column, the column hash, its inclusion in C;
//   the challenge as a UInt64 and its public input;
//   per layer 1..L: the parents' labels as bits (DRG parents from this layer, expander parents
//   from the previous one, none in layer 1), repeated to 37 slots, and create_label;
//   the encoded node (last label + data) and its inclusion in tree R_last;
//   the hash of the recomputed labels (the challenged column) and its inclusion in tree C.
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <vector>

#include "circuit/constraint_system.hpp"
#include "circuit/gadgets/boolean.hpp"
#include "circuit/gadgets/num.hpp"
#include "circuit/gadgets/uint32.hpp"
#include "circuit/merkle/por.hpp"
#include "circuit/merkle/poseidon_hasher_circuit.hpp"
#include "circuit/merkle/sha256_hasher_circuit.hpp"
#include "circuit/stacked/bit_order.hpp"
#include "circuit/stacked/challenge_part.hpp"
#include "circuit/stacked/circuit_inputs.hpp"
#include "circuit/stacked/column_hash.hpp"
#include "circuit/stacked/create_label.hpp"
#include "circuit/stacked/encode.hpp"
#include "circuit/stacked/uint64.hpp"
#include "util/error.hpp"

namespace cuzk::circuit::stacked {

namespace detail {

// The reference's namespace names, which embed the parent's number.
inline constexpr std::array<const char*, 6> kDrgParentNum = {
    "drg_parent_0_num", "drg_parent_1_num", "drg_parent_2_num",
    "drg_parent_3_num", "drg_parent_4_num", "drg_parent_5_num"};
inline constexpr std::array<const char*, 6> kDrgParentConstraint = {
    "drg_parent_0_constraint", "drg_parent_1_constraint", "drg_parent_2_constraint",
    "drg_parent_3_constraint", "drg_parent_4_constraint", "drg_parent_5_constraint"};
inline constexpr std::array<const char*, 6> kDrgParentInclusion = {
    "drg_parent_0_inclusion", "drg_parent_1_inclusion", "drg_parent_2_inclusion",
    "drg_parent_3_inclusion", "drg_parent_4_inclusion", "drg_parent_5_inclusion"};
inline constexpr std::array<const char*, 8> kExpParentNum = {
    "exp_parent_0_num", "exp_parent_1_num", "exp_parent_2_num", "exp_parent_3_num",
    "exp_parent_4_num", "exp_parent_5_num", "exp_parent_6_num", "exp_parent_7_num"};
inline constexpr std::array<const char*, 8> kExpParentConstraint = {
    "exp_parent_0_constraint", "exp_parent_1_constraint", "exp_parent_2_constraint",
    "exp_parent_3_constraint", "exp_parent_4_constraint", "exp_parent_5_constraint",
    "exp_parent_6_constraint", "exp_parent_7_constraint"};
inline constexpr std::array<const char*, 8> kExpParentInclusion = {
    "exp_parent_0_inclusion", "exp_parent_1_inclusion", "exp_parent_2_inclusion",
    "exp_parent_3_inclusion", "exp_parent_4_inclusion", "exp_parent_5_inclusion",
    "exp_parent_6_inclusion", "exp_parent_7_inclusion"};
// Bits of hashed parent k (k = position among this layer's distinct parents).
inline constexpr std::array<const char*, 6> kDrgParentBits = {
    "drg_parent_0_bits", "drg_parent_1_bits", "drg_parent_2_bits",
    "drg_parent_3_bits", "drg_parent_4_bits", "drg_parent_5_bits"};
inline constexpr std::array<const char*, 14> kExpParentBits = {nullptr,
                                                               nullptr,
                                                               nullptr,
                                                               nullptr,
                                                               nullptr,
                                                               nullptr,
                                                               "exp_parent_6_bits",
                                                               "exp_parent_7_bits",
                                                               "exp_parent_8_bits",
                                                               "exp_parent_9_bits",
                                                               "exp_parent_10_bits",
                                                               "exp_parent_11_bits",
                                                               "exp_parent_12_bits",
                                                               "exp_parent_13_bits"};

static_assert(kDrgParentNum.size() == porep::kBaseDegree);
static_assert(kExpParentNum.size() == porep::kExpanderDegree);

// Column::alloc: row i in scope "column/column_num_row_i".
template <ConstraintSystem CS>
std::vector<AllocatedNum> alloc_column(CS& cs, const ColumnWitness& column) {
  [[maybe_unused]] auto scope = cs.scope("column");
  std::vector<AllocatedNum> rows;
  rows.reserve(column.rows.size());
  for (std::size_t i = 0; i < column.rows.size(); ++i) {
    [[maybe_unused]] auto row_scope = cs.scope("column_num_row", i);
    rows.push_back(AllocatedNum::alloc(cs, column.rows[i]));
  }
  return rows;
}

// A parent column: allocated, hashed and proved included in tree C (root comm_c).
template <ConstraintSystem CS>
std::vector<AllocatedNum> parent_column(CS& cs, const CircuitShape& shape,
                                        const ColumnWitness& column, const AllocatedNum& comm_c,
                                        const char* num_name, const char* hash_name,
                                        const char* inclusion_name) {
  if (column.rows.size() != shape.layers) {
    throw Error("stacked circuit: a parent column has the wrong number of rows");
  }
  std::vector<AllocatedNum> rows;
  {
    [[maybe_unused]] auto scope = cs.scope(num_name);
    rows = alloc_column(cs, column);
  }
  AllocatedNum hash;
  {
    [[maybe_unused]] auto scope = cs.scope(hash_name);
    hash = hash_single_column(cs, std::span<const AllocatedNum>(rows));
  }
  [[maybe_unused]] auto scope = cs.scope(inclusion_name);
  merkle::enforce_inclusion<merkle::PoseidonMerkleHasher>(cs, shape.column_tree(), column.path,
                                                          hash, comm_c);
  return rows;
}

// A label as SHA-256 message bits (to_bits_le, then reverse_bit_numbering), in scope `name`.
template <ConstraintSystem CS>
std::vector<Boolean> label_bits(CS& cs, const char* name, const AllocatedNum& label) {
  [[maybe_unused]] auto scope = cs.scope(name);
  const std::vector<Boolean> le = label.to_bits_le(cs);
  return reverse_bit_numbering(le);
}

// The 37 hashed parent slots from this layer's distinct parents: layer 1 has the 6 DRG parents,
// repeated six times, then the first again; later layers the 14, twice, then the first 9.
inline std::vector<std::span<const Boolean>> expand_parents(
    const std::vector<std::vector<Boolean>>& distinct) {
  std::vector<std::span<const Boolean>> slots;
  slots.reserve(porep::kTotalParents);
  while (slots.size() + distinct.size() <= porep::kTotalParents) {
    for (const auto& p : distinct) slots.emplace_back(p);
  }
  for (std::size_t i = 0; slots.size() < porep::kTotalParents; ++i) slots.emplace_back(distinct[i]);
  return slots;
}

}  // namespace detail

// The parts of one challenge (challenge_part.hpp), each a function of what it takes from the
// prefix and the challenge's earlier parts, so that a part can also be synthesized alone
// (stacked/record_parts.cpp records them on threads of their own).

// kDataPath: the data leaf, proved included in tree D (root comm_d). Returns the leaf.
template <ConstraintSystem CS>
AllocatedNum synthesize_data_path(CS& cs, const CircuitShape& shape, const ChallengeWitness& proof,
                                  const AllocatedNum& comm_d) {
  AllocatedNum data_leaf;
  {
    [[maybe_unused]] auto scope = cs.scope("data_leaf");
    data_leaf = AllocatedNum::alloc(cs, proof.data_leaf);
  }
  [[maybe_unused]] auto scope = cs.scope("comm_d_inclusion");
  merkle::enforce_inclusion<merkle::Sha256MerkleHasher>(cs, shape.data_tree(), proof.comm_d_path,
                                                        data_leaf, comm_d);
  return data_leaf;
}

// Parent column `index` of a challenge: DRG parents 0..5, then expander parents 6..13.
inline const ColumnWitness& parent_column_witness(const ChallengeWitness& proof,
                                                  std::size_t index) {
  return index < porep::kBaseDegree ? proof.drg_parents[index]
                                    : proof.exp_parents[index - porep::kBaseDegree];
}

// kColumn `index`: parent column `index` (DRG parents 0..5, then expander parents 6..13),
// hashed and proved included in tree C. Returns its rows, allocated first, one per layer.
template <ConstraintSystem CS>
std::vector<AllocatedNum> synthesize_parent_column(CS& cs, const CircuitShape& shape,
                                                   const ChallengeWitness& proof, std::size_t index,
                                                   const AllocatedNum& comm_c) {
  if (index < porep::kBaseDegree) {
    return detail::parent_column(cs, shape, proof.drg_parents[index], comm_c,
                                 detail::kDrgParentNum[index], detail::kDrgParentConstraint[index],
                                 detail::kDrgParentInclusion[index]);
  }
  const std::size_t i = index - porep::kBaseDegree;
  return detail::parent_column(cs, shape, proof.exp_parents[i], comm_c, detail::kExpParentNum[i],
                               detail::kExpParentConstraint[i], detail::kExpParentInclusion[i]);
}

// kChallenge: the challenge's 64 bits and their public input.
template <ConstraintSystem CS>
UInt64 synthesize_challenge_bits(CS& cs, const ChallengeWitness& proof) {
  UInt64 challenge;
  {
    [[maybe_unused]] auto scope = cs.scope("challenge");
    challenge = UInt64::alloc(cs, proof.challenge);
  }
  [[maybe_unused]] auto scope = cs.scope("challenge input");
  challenge.pack_into_input(cs);
  return challenge;
}

// kLabel `layer` - 1: the parents' labels as bits (row layer - 1 of the DRG columns, then, after
// layer 1, row layer - 2 of the expander columns) and create_label. `columns` are the 14 parent
// columns in part order. Returns the label.
template <ConstraintSystem CS>
AllocatedNum synthesize_label(CS& cs, std::uint32_t layer,
                              std::span<const std::vector<AllocatedNum>> columns,
                              std::span<const Boolean> replica_id, const UInt64& challenge) {
  if (columns.size() != porep::kParentCount) {
    throw Error("stacked circuit: a label needs " + std::to_string(porep::kParentCount) +
                " parent columns");
  }
  [[maybe_unused]] auto layer_scope = cs.scope("labeling", layer);
  std::vector<std::vector<Boolean>> parents;
  parents.reserve(porep::kParentCount);
  for (const auto& column : columns.first(porep::kBaseDegree)) {
    parents.push_back(
        detail::label_bits(cs, detail::kDrgParentBits[parents.size()], column[layer - 1]));
  }
  if (layer > 1) {
    // Expander parents enter with the previous layer's label.
    for (const auto& column : columns.subspan(porep::kBaseDegree)) {
      parents.push_back(
          detail::label_bits(cs, detail::kExpParentBits[parents.size()], column[layer - 2]));
    }
  }
  const std::vector<std::span<const Boolean>> slots = detail::expand_parents(parents);
  [[maybe_unused]] auto scope = cs.scope("create_label");
  return create_label_circuit(cs, replica_id, slots, UInt32::constant(layer), challenge);
}

// kTail: the encoded node (last label + data), its inclusion in tree R_last; the hash of the
// labels (the challenged column) and its inclusion in tree C.
template <ConstraintSystem CS>
void synthesize_tail(CS& cs, const CircuitShape& shape, const ChallengeWitness& proof,
                     std::span<const AllocatedNum> labels, const AllocatedNum& data_leaf,
                     const AllocatedNum& comm_r_last, const AllocatedNum& comm_c) {
  AllocatedNum encoded;
  {
    [[maybe_unused]] auto scope = cs.scope("encode_node");
    encoded = encode(cs, labels.back(), data_leaf);
  }
  {
    [[maybe_unused]] auto scope = cs.scope("comm_r_last_data_inclusion");
    merkle::enforce_inclusion<merkle::PoseidonMerkleHasher>(
        cs, shape.column_tree(), proof.comm_r_last_path, encoded, comm_r_last);
  }
  AllocatedNum column_hash;
  {
    [[maybe_unused]] auto scope = cs.scope("c_x_column_hash");
    column_hash = hash_single_column(cs, labels);
  }
  [[maybe_unused]] auto scope = cs.scope("c_x_inclusion");
  merkle::enforce_inclusion<merkle::PoseidonMerkleHasher>(cs, shape.column_tree(),
                                                          proof.comm_c_path, column_hash, comm_c);
}

// One challenge: its parts in order. comm_d, comm_c and comm_r_last are the partition's allocated
// roots; replica_id is the replica id's message bits, shared by every label. mark(part, index) is
// called as each ChallengePart begins.
template <ConstraintSystem CS, class PartMarker = IgnoreParts>
void synthesize_challenge(CS& cs, const CircuitShape& shape, const ChallengeWitness& proof,
                          const AllocatedNum& comm_d, const AllocatedNum& comm_c,
                          const AllocatedNum& comm_r_last, std::span<const Boolean> replica_id,
                          PartMarker&& mark = {}) {
  mark(ChallengePart::kDataPath, 0);
  const AllocatedNum data_leaf = synthesize_data_path(cs, shape, proof, comm_d);

  std::vector<std::vector<AllocatedNum>> columns(porep::kParentCount);
  for (std::size_t i = 0; i < columns.size(); ++i) {
    mark(ChallengePart::kColumn, i);
    columns[i] = synthesize_parent_column(cs, shape, proof, i, comm_c);
  }

  mark(ChallengePart::kChallenge, 0);
  const UInt64 challenge = synthesize_challenge_bits(cs, proof);

  std::vector<AllocatedNum> labels;
  labels.reserve(shape.layers);
  for (std::uint32_t layer = 1; layer <= shape.layers; ++layer) {
    mark(ChallengePart::kLabel, layer - 1);
    labels.push_back(synthesize_label(
        cs, layer, std::span<const std::vector<AllocatedNum>>(columns), replica_id, challenge));
  }

  mark(ChallengePart::kTail, 0);
  synthesize_tail(cs, shape, proof, std::span<const AllocatedNum>(labels), data_leaf, comm_r_last,
                  comm_c);
}

}  // namespace cuzk::circuit::stacked
