// What one partition's circuit is synthesized from (rust-fil-proofs' StackedCircuit and its
// per-challenge circuit Proof, stacked/circuit/{proof,params,column_proof}.rs): the commitments
// and, per challenge, the Merkle paths and parent columns of the vanilla proof. Every value is
// optional: a blank circuit (key generation, counting) has the same paths and columns with no
// values, so it has the same R1CS.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "bls12_381/fields.hpp"
#include "circuit/merkle/por.hpp"
#include "circuit/stacked/circuit_shape.hpp"
#include "porep/c1_output.hpp"
#include "porep/registered_proof.hpp"

namespace cuzk::circuit::stacked {

using bls12_381::Fr;

// A parent's column (its labels in layers 1..L) and the column hash's path in tree C.
struct ColumnWitness {
  std::vector<std::optional<Fr>> rows;
  merkle::AuthPath path;
};

struct ChallengeWitness {
  merkle::AuthPath comm_d_path;  // the data node in tree D
  std::optional<Fr> data_leaf;   // the data node
  std::optional<std::uint64_t> challenge;
  merkle::AuthPath comm_r_last_path;  // the replica node in tree R_last
  merkle::AuthPath comm_c_path;       // the challenged node's column hash in tree C
  std::array<ColumnWitness, porep::kBaseDegree> drg_parents;
  std::array<ColumnWitness, porep::kExpanderDegree> exp_parents;
};

struct StackedCircuit {
  CircuitShape shape;
  std::optional<Fr> replica_id;
  std::optional<Fr> comm_d;
  std::optional<Fr> comm_r;
  std::optional<Fr> comm_r_last;
  std::optional<Fr> comm_c;
  std::vector<ChallengeWitness> proofs;  // shape.challenges of them, in challenge order
};

// Proof::empty: blank paths and columns of the shape's sizes.
ChallengeWitness blank_challenge(const CircuitShape& shape);
// blank_circuit: no values, shape.challenges blank challenges. Validates the shape.
StackedCircuit blank_circuit(const CircuitShape& shape);

// StackedCompound::circuit for partition k of a parsed C1 output: comm_r_last and comm_c from the
// partition's first proof (every proof must share them), replica_id, comm_d, comm_r from the
// file. Throws cuzk::Error on a partition out of range, inconsistent roots, or a value that is
// not a canonical field element.
StackedCircuit circuit_from_c1(const porep::C1Output& c1, std::uint32_t k);
// From<VanillaProof>: one challenge's witness (the challenge is labeling_proofs[0].node).
ChallengeWitness challenge_from_vanilla(const porep::ChallengeProof& proof,
                                        const CircuitShape& shape);

// A Merkle proof of the C1 file as the PoR gadget's path (values and positions per level).
merkle::AuthPath auth_path_from_proof(const porep::MerkleProof& proof);

}  // namespace cuzk::circuit::stacked
