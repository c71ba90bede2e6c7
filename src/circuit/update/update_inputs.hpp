// The inputs of one EmptySectorUpdate partition circuit (circuit.rs PublicInputs, ChallengeProof,
// PrivateInputs). Every value is optional: the blank circuit (counts, fingerprints, parameter
// generation) has none, a proving circuit all. Paths are rows of siblings, leaf to root, as the
// Rust's Vec<Vec<Option<Fr>>>: TreeR rows hold arity - 1 siblings, TreeD rows one.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "bls12_381/fields.hpp"
#include "circuit/update/update_shape.hpp"

namespace cuzk::circuit::update {

using bls12_381::Fr;

using PathRows = std::vector<std::vector<std::optional<Fr>>>;

struct UpdatePublicInputs {
  // k (partition_bit_len bits) and h_select (six bits, one set) packed into one element:
  // k | h_select << partition_bit_len.
  std::optional<Fr> k_and_h_select;
  std::optional<Fr> comm_r_old;  // the SDR replica's CommR before the update
  std::optional<Fr> comm_d_new;  // TreeDNew's root: the new data
  std::optional<Fr> comm_r_new;  // CommR of the updated replica

  // PublicInputs::new; throws for k >= partition_count or an h the size does not allow.
  static UpdatePublicInputs make(const UpdateShape& shape, std::size_t k, std::size_t h,
                                 const Fr& comm_r_old, const Fr& comm_d_new, const Fr& comm_r_new);
  // PublicInputs::to_vec, the verifier's order; throws for a blank input.
  std::vector<Fr> to_vector() const;
};

struct UpdateChallengeProof {
  std::optional<Fr> leaf_r_old;
  PathRows path_r_old;
  std::optional<Fr> leaf_d_new;
  PathRows path_d_new;  // the whole TreeD path; its top partition_bit_len rows are the partition's
  std::optional<Fr> leaf_r_new;
  PathRows path_r_new;

  // ChallengeProof::empty.
  static UpdateChallengeProof blank(const UpdateShape& shape);
};

struct UpdatePrivateInputs {
  std::optional<Fr> comm_c;                   // the SDR replica's CommC
  std::optional<Fr> root_r_old;               // TreeROld's root
  std::optional<Fr> root_r_new;               // TreeRNew's root
  std::vector<std::optional<Fr>> apex_leafs;  // this partition's apex leaves: a row of TreeDNew
  std::vector<UpdateChallengeProof> challenge_proofs;

  // PrivateInputs::empty.
  static UpdatePrivateInputs blank(const UpdateShape& shape);
};

// EmptySectorUpdateCircuit.
struct UpdateCircuit {
  UpdateShape shape;
  UpdatePublicInputs public_inputs;
  UpdatePrivateInputs private_inputs;
};

// EmptySectorUpdateCircuit::blank.
UpdateCircuit blank_update_circuit(const UpdateShape& shape);

// What synthesize asserts before it allocates anything (cuzk::Error instead of a panic): the
// counts of apex leaves, challenges and path rows match the shape, every challenge's TreeD path
// ends in the same partition path, and a given k_and_h_select has k < partition_count, one bit
// of h_select set and nothing above.
void validate(const UpdateCircuit& circuit);

}  // namespace cuzk::circuit::update
