#include "circuit/stacked/circuit_inputs.hpp"

#include <string>

#include "util/error.hpp"

namespace cuzk::circuit::stacked {
namespace {

Fr to_fr(const porep::Domain& d, const char* what) {
  const auto fr = porep::domain_to_fr(d);
  if (!fr) throw Error(std::string("circuit inputs: ") + what + " is not below the field modulus");
  return *fr;
}

merkle::PathLevel path_level(const porep::MerkleProof& proof, std::uint32_t level) {
  merkle::PathLevel out;
  out.index = proof.indices[level];
  for (const porep::Domain& sibling : proof.level_siblings(level)) {
    out.siblings.emplace_back(to_fr(sibling, "a Merkle path element"));
  }
  return out;
}

ColumnWitness column_from_vanilla(const porep::ColumnProof& column) {
  ColumnWitness out;
  for (const porep::Domain& row : column.rows) out.rows.emplace_back(to_fr(row, "a column row"));
  out.path = auth_path_from_proof(column.inclusion);
  return out;
}

ColumnWitness blank_column(const CircuitShape& shape) {
  return ColumnWitness{std::vector<std::optional<Fr>>(shape.layers),
                       merkle::AuthPath::blank(shape.column_tree(), shape.nodes)};
}

}  // namespace

merkle::AuthPath auth_path_from_proof(const porep::MerkleProof& proof) {
  const porep::PathShape& s = proof.shape;
  if (proof.indices.size() != s.levels()) {
    throw Error("circuit inputs: a Merkle proof's positions do not match its levels");
  }
  merkle::AuthPath path;
  std::uint32_t level = 0;
  for (; level < s.base_levels; ++level) path.base.push_back(path_level(proof, level));
  if (s.sub_levels > 0) path.sub = path_level(proof, level++);
  if (s.top_levels > 0) path.top = path_level(proof, level++);
  return path;
}

ChallengeWitness blank_challenge(const CircuitShape& shape) {
  ChallengeWitness w;
  w.comm_d_path = merkle::AuthPath::blank(shape.data_tree(), shape.nodes);
  w.comm_r_last_path = merkle::AuthPath::blank(shape.column_tree(), shape.nodes);
  w.comm_c_path = merkle::AuthPath::blank(shape.column_tree(), shape.nodes);
  for (ColumnWitness& c : w.drg_parents) c = blank_column(shape);
  for (ColumnWitness& c : w.exp_parents) c = blank_column(shape);
  return w;
}

StackedCircuit blank_circuit(const CircuitShape& shape) {
  shape.validate();
  StackedCircuit circuit;
  circuit.shape = shape;
  circuit.proofs.reserve(shape.challenges);
  for (std::uint32_t i = 0; i < shape.challenges; ++i)
    circuit.proofs.push_back(blank_challenge(shape));
  return circuit;
}

ChallengeWitness challenge_from_vanilla(const porep::ChallengeProof& proof,
                                        const CircuitShape& shape) {
  ChallengeWitness w;
  w.comm_d_path = auth_path_from_proof(proof.comm_d);
  w.data_leaf = to_fr(proof.comm_d.leaf, "a data leaf");
  w.challenge = proof.labeling.empty() ? proof.challenge() : proof.labeling.front().node;
  w.comm_r_last_path = auth_path_from_proof(proof.comm_r_last);
  w.comm_c_path = auth_path_from_proof(proof.c_x.inclusion);
  for (std::size_t i = 0; i < w.drg_parents.size(); ++i) {
    w.drg_parents[i] = column_from_vanilla(proof.drg_parents[i]);
  }
  for (std::size_t i = 0; i < w.exp_parents.size(); ++i) {
    w.exp_parents[i] = column_from_vanilla(proof.exp_parents[i]);
  }
  const auto check_rows = [&](const ColumnWitness& c) {
    if (c.rows.size() != shape.layers) {
      throw Error("circuit inputs: a parent column has " + std::to_string(c.rows.size()) +
                  " rows, expected " + std::to_string(shape.layers));
    }
  };
  for (const ColumnWitness& c : w.drg_parents) check_rows(c);
  for (const ColumnWitness& c : w.exp_parents) check_rows(c);
  return w;
}

StackedCircuit circuit_from_c1(const porep::C1Output& c1, std::uint32_t k) {
  if (k >= c1.partitions) {
    throw Error("circuit inputs: partition " + std::to_string(k) + " of " +
                std::to_string(c1.partitions));
  }
  const std::span<const porep::ChallengeProof> proofs = c1.partition(k);
  if (proofs.empty()) throw Error("circuit inputs: cannot build a circuit with no vanilla proofs");
  CircuitShape shape = circuit_shape(c1.info());
  shape.challenges = static_cast<std::uint32_t>(proofs.size());
  shape.validate();

  const porep::Domain& comm_r_last = proofs.front().comm_r_last.root;
  const porep::Domain& comm_c = proofs.front().comm_c();
  for (const porep::ChallengeProof& p : proofs) {
    if (p.comm_r_last.root != comm_r_last) throw Error("circuit inputs: inconsistent comm_r_lasts");
    if (p.comm_c() != comm_c) throw Error("circuit inputs: inconsistent comm_cs");
  }

  StackedCircuit circuit;
  circuit.shape = shape;
  circuit.replica_id = to_fr(c1.replica_id, "replica_id");
  circuit.comm_d = to_fr(c1.comm_d, "comm_d");
  circuit.comm_r = to_fr(c1.comm_r, "comm_r");
  circuit.comm_r_last = to_fr(comm_r_last, "comm_r_last");
  circuit.comm_c = to_fr(comm_c, "comm_c");
  circuit.proofs.reserve(proofs.size());
  for (const porep::ChallengeProof& p : proofs)
    circuit.proofs.push_back(challenge_from_vanilla(p, shape));
  return circuit;
}

}  // namespace cuzk::circuit::stacked
