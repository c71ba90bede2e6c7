#include "circuit/stacked/native_parts.hpp"

#include <array>
#include <span>
#include <string>

#include "circuit/constraint_system.hpp"
#include "circuit/native/merkle_trace.hpp"
#include "circuit/native/poseidon_trace.hpp"
#include "circuit/stacked/column_hash.hpp"
#include "circuit/stacked/create_label.hpp"
#include "hashers/sha256_hasher.hpp"
#include "porep/registered_proof.hpp"
#include "util/error.hpp"

namespace cuzk::circuit::stacked {
namespace {

using native::AuxWriter;

constexpr std::size_t kFieldBytes = kLabelSlotBits / 8;
// create_label's first two slots: replica_id, then the layer, the node and zeros.
constexpr std::size_t kLabelHeaderBytes = 2 * kFieldBytes;
constexpr std::size_t kLabelZeroBytes =
    kLabelHeaderBytes - kFieldBytes - sizeof(std::uint32_t) - sizeof(std::uint64_t);

std::array<std::uint8_t, 4> be32(std::uint32_t v) {
  return {static_cast<std::uint8_t>(v >> 24), static_cast<std::uint8_t>(v >> 16),
          static_cast<std::uint8_t>(v >> 8), static_cast<std::uint8_t>(v)};
}

// create_label's message: replica_id | layer (u32 BE) | node (u64 BE) | zeros to 64 bytes |
// 37 parent slots, of which the layer is the only constant besides the zeros and padding bits.
native::Sha256MessagePattern label_pattern(std::uint32_t layer) {
  native::Sha256MessagePattern p;
  const std::array<std::uint8_t, kLabelZeroBytes> zeros{};
  p.field_element().constant_bytes(be32(layer)).allocated_bytes(8).constant_bytes(zeros);
  for (std::uint32_t k = 0; k < porep::kTotalParents; ++k) p.field_element();
  return p;
}

// Slot k holds distinct parent k mod n: create_label's expansion of the 6 (layer 1) or 14
// distinct parents to 37 slots (whole repetitions, then the first ones again).
std::vector<std::uint8_t> label_message(const Fr& replica_id, std::uint32_t layer,
                                        std::uint64_t node, std::span<const Fr> distinct) {
  std::vector<std::uint8_t> m;
  m.reserve(kLabelHeaderBytes + porep::kTotalParents * kFieldBytes);
  const auto append_field = [&](const Fr& x) {
    const auto bytes = x.to_bytes_le();
    m.insert(m.end(), bytes.begin(), bytes.end());
  };
  append_field(replica_id);
  const auto layer_bytes = be32(layer);
  m.insert(m.end(), layer_bytes.begin(), layer_bytes.end());
  for (int i = 7; i >= 0; --i) m.push_back(static_cast<std::uint8_t>(node >> (8 * i)));
  m.resize(kLabelHeaderBytes, 0);
  for (std::uint32_t k = 0; k < porep::kTotalParents; ++k)
    append_field(distinct[k % distinct.size()]);
  return m;
}

const ColumnWitness& column_of(const ChallengeWitness& proof, std::size_t k) {
  return k < proof.drg_parents.size() ? proof.drg_parents[k]
                                      : proof.exp_parents[k - proof.drg_parents.size()];
}

void check_rows(const CircuitShape& shape, const ColumnWitness& column) {
  if (column.rows.size() != shape.layers) {
    throw Error("stacked circuit: a parent column has the wrong number of rows");
  }
}

// The labels hashed by layer `layer`: the DRG parents' of this layer, then (after layer 1) the
// expander parents' of the previous one.
std::vector<Fr> label_parents(const CircuitShape& shape, const ChallengeWitness& proof,
                              std::uint32_t layer) {
  std::vector<Fr> out;
  out.reserve(porep::kParentCount);
  for (const ColumnWitness& c : proof.drg_parents) {
    check_rows(shape, c);
    out.push_back(require_value(c.rows[layer - 1]));
  }
  if (layer > 1) {
    for (const ColumnWitness& c : proof.exp_parents) {
      check_rows(shape, c);
      out.push_back(require_value(c.rows[layer - 2]));
    }
  }
  return out;
}

Fr label_value(const CircuitShape& shape, const StackedCircuit& circuit,
               const ChallengeWitness& proof, std::uint32_t layer) {
  const std::vector<Fr> parents = label_parents(shape, proof, layer);
  return hashers::sha256_domain_to_fr(hashers::sha256_hash(label_message(
      require_value(circuit.replica_id), layer, require_value(proof.challenge), parents)));
}

// Inclusion in tree C or R_last (Poseidon trees of one shape); returns the index input.
Fr poseidon_inclusion(const CircuitShape& shape, const merkle::AuthPath& path, const Fr& leaf,
                      AuxWriter& out) {
  native::path_trace(out, shape.column_tree(), path, leaf, native::poseidon_node_trace);
  return native::path_index_input(shape.column_tree(), path);
}

void write_data_path(const NativeWitnessPlan& plan, const ChallengeWitness& proof, AuxWriter& out,
                     std::vector<Fr>& inputs) {
  const CircuitShape& shape = plan.shape();
  const Fr leaf = require_value(proof.data_leaf);
  out.put(leaf);
  native::path_trace(
      out, shape.data_tree(), proof.comm_d_path, leaf,
      [&](AuxWriter& o, std::span<const Fr> c) { return plan.data_node().hash(o, c); });
  inputs.push_back(native::path_index_input(shape.data_tree(), proof.comm_d_path));
}

void write_column(const CircuitShape& shape, const ColumnWitness& column, AuxWriter& out,
                  std::vector<Fr>& inputs) {
  check_rows(shape, column);
  std::vector<Fr> rows;
  rows.reserve(column.rows.size());
  for (const auto& row : column.rows) {
    rows.push_back(require_value(row));
    out.put(rows.back());
  }
  check_column_length(rows.size());
  const Fr hash = native::poseidon_node_trace(out, rows);
  inputs.push_back(poseidon_inclusion(shape, column.path, hash, out));
}

void write_label(const NativeWitnessPlan& plan, const StackedCircuit& circuit,
                 const ChallengeWitness& proof, std::uint32_t layer, AuxWriter& out) {
  const std::vector<Fr> parents = label_parents(plan.shape(), proof, layer);
  for (const Fr& p : parents) out.put_field_bits(p);
  const std::vector<std::uint8_t> message = label_message(require_value(circuit.replica_id), layer,
                                                          require_value(proof.challenge), parents);
  out.put(hashers::sha256_domain_to_fr(hashers::sha256_trim(plan.label(layer).hash(out, message))));
}

// encode, the replica node's inclusion in R_last, the challenged column's hash and inclusion in C.
void write_tail(const CircuitShape& shape, const StackedCircuit& circuit,
                const ChallengeWitness& proof, AuxWriter& out, std::vector<Fr>& inputs) {
  std::vector<Fr> labels;
  labels.reserve(shape.layers);
  for (std::uint32_t layer = 1; layer <= shape.layers; ++layer) {
    labels.push_back(label_value(shape, circuit, proof, layer));
  }
  const Fr encoded = labels.back() + require_value(proof.data_leaf);
  out.put(encoded);
  inputs.push_back(poseidon_inclusion(shape, proof.comm_r_last_path, encoded, out));
  check_column_length(labels.size());
  const Fr hash = native::poseidon_node_trace(out, labels);
  inputs.push_back(poseidon_inclusion(shape, proof.comm_c_path, hash, out));
}

// Every block pattern the plan's messages have (the labels' differ only in the first block).
native::Sha256ProgramSet plan_programs(const CircuitShape& shape) {
  shape.validate();
  std::vector<native::Sha256BlockPattern> patterns = native::Sha256NodeTrace::pattern().blocks();
  for (std::uint32_t layer = 1; layer <= shape.layers; ++layer) {
    const auto blocks = label_pattern(layer).blocks();
    patterns.insert(patterns.end(), blocks.begin(), blocks.end());
  }
  return native::Sha256ProgramSet(patterns);
}

}  // namespace

NativeWitnessPlan::NativeWitnessPlan(const CircuitShape& shape)
    : NativeWitnessPlan(shape, plan_programs(shape)) {}

NativeWitnessPlan::NativeWitnessPlan(const CircuitShape& shape,
                                     const native::Sha256ProgramSet& programs)
    : shape_(shape), data_node_(programs) {
  labels_.reserve(shape.layers);
  for (std::uint32_t layer = 1; layer <= shape.layers; ++layer) {
    labels_.emplace_back(label_pattern(layer), programs);
  }
}

void write_prefix(const StackedCircuit& circuit, AuxWriter& out, std::vector<Fr>& inputs) {
  const Fr replica_id = require_value(circuit.replica_id);
  out.put(replica_id);
  inputs.push_back(replica_id);
  out.put_field_bits(replica_id);
  for (const auto& root : {circuit.comm_d, circuit.comm_r}) {
    out.put(require_value(root));
    inputs.push_back(*root);
  }
  const Fr comm_r_last = require_value(circuit.comm_r_last);
  const Fr comm_c = require_value(circuit.comm_c);
  out.put(comm_r_last);
  out.put(comm_c);
  const Fr preimage[] = {comm_c, comm_r_last};
  native::poseidon_node_trace(out, preimage);
}

void write_challenge_part(const NativeWitnessPlan& plan, const StackedCircuit& circuit,
                          const ChallengeWitness& proof, const ChallengePartSpan& part,
                          AuxWriter& out, std::vector<Fr>& inputs) {
  const CircuitShape& shape = plan.shape();
  switch (part.part) {
    case ChallengePart::kDataPath:
      return write_data_path(plan, proof, out, inputs);
    case ChallengePart::kColumn:
      return write_column(shape, column_of(proof, part.index), out, inputs);
    case ChallengePart::kChallenge: {
      const std::uint64_t challenge = require_value(proof.challenge);
      out.put_bits(challenge, 64);
      inputs.push_back(Fr::from_u64(challenge));
      return;
    }
    case ChallengePart::kLabel:
      return write_label(plan, circuit, proof, part.index + 1, out);
    case ChallengePart::kTail:
      return write_tail(shape, circuit, proof, out, inputs);
  }
  throw Error("native witness: unknown challenge part");
}

}  // namespace cuzk::circuit::stacked
