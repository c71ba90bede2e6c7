// The Groth16 prover (bellperson's create_proof_batch, prover/native.rs): several circuits of the
// same shape (the partitions of one sector) against one parameter set, in one call.
//
// For each circuit, with witness w = (inputs, aux), blinding r, s and the verifying key's points:
//   A = alpha_g1 + sum_i w_i a_i + r delta_g1
//   B = beta_g2 + sum_i w_i b_i + s delta_g2           (and B1, the same sum in G1 with beta_g1)
//   C = sum_k h_k H_k + sum_j aux_j l_j + s A' + r B1' + r s delta_g1 + s alpha_g1 + r beta_g1
// where A' and B1' are the two sums alone; this equals s A + r B1 - r s delta + h + l. The heavy
// work (H and the MSMs) goes through a ProverBackend.
#pragma once

#include <span>
#include <utility>
#include <vector>

#include "circuit/compact_r1cs.hpp"
#include "circuit/compact_witness.hpp"
#include "circuit/constraint_system.hpp"
#include "circuit/proving_cs.hpp"
#include "prover/backend.hpp"
#include "prover/cpu_r1cs_eval.hpp"
#include "prover/params/parameters.hpp"
#include "prover/proof.hpp"

namespace cuzk::prover {

// The zero-knowledge blinding of one proof. Secret: draw it from OsRandom (util/os_random.hpp).
struct Blinding {
  Fr r;
  Fr s;
  static Blinding random();  // from the operating system's generator
};

// The five query sums of one circuit's witness: sum h_k H_k, sum aux_j L_j, and the A, B (G1)
// and B (G2) sums over inputs and aux together.
struct QuerySums {
  G1Jacobian h, l, a, b_g1;
  G2Jacobian b_g2;
};

// The proof (A, B, C) from the sums and the blinding, with the verifying key's points:
// A = alpha + a + r delta, B = beta + b + s delta, C = s a + r b1 + r s delta + s alpha + r beta
// + h + l. Every product with r or s is constant time.
Proof assemble_proof(const VerifyingKey& vk, const QuerySums& sums, const Blinding& blinding);

// Synthesizes `circuit` (callable with a ProvingCS&) and appends bellperson's input constraints.
template <class Circuit>
circuit::ProvingCS synthesize_for_proving(Circuit&& circuit) {
  circuit::ProvingCS cs;
  std::forward<Circuit>(circuit)(cs);
  circuit::enforce_input_columns(cs);
  return cs;
}

// One proof per circuit. Every circuit must come from synthesize_for_proving (or have had
// enforce_input_columns called) and have the same shape; the parameters must belong to that
// shape (checked: ParamsError kWrongCircuit otherwise). blinding[k] is used for circuits[k].
std::vector<Proof> create_proofs(const ParameterSource& params,
                                 std::span<const circuit::ProvingCS> circuits,
                                 ProverBackend& backend, std::span<const Blinding> blinding);
// The query sums of every circuit (the heavy part of create_proofs, without the blinding).
std::vector<QuerySums> query_sums(const ParameterSource& params,
                                  std::span<const circuit::ProvingCS> circuits,
                                  ProverBackend& backend);
// The same with fresh r, s from the operating system for every proof.
std::vector<Proof> create_proofs(const ParameterSource& params,
                                 std::span<const circuit::ProvingCS> circuits,
                                 ProverBackend& backend);

// One circuit proved from its recorded shape (circuit/stacked/record_shape.hpp) instead of a
// ProvingCS: its compact witness and its rows evaluated from the recording (evaluate_rows), which
// is what ProvingCS would hold.
struct CompactCircuit {
  circuit::CompactWitness witness;
  RowEvaluations rows;
};

// The same three for circuits of the recorded shape `shape`: the densities and the parameter
// lengths come from the recording (checked against `params`). The circuits are consumed: each
// one's rows go to the quotient and are freed there.
std::vector<Proof> create_proofs(const ParameterSource& params, const circuit::CompactR1cs& shape,
                                 std::vector<CompactCircuit> circuits, ProverBackend& backend,
                                 std::span<const Blinding> blinding);
std::vector<QuerySums> query_sums(const ParameterSource& params, const circuit::CompactR1cs& shape,
                                  std::vector<CompactCircuit> circuits, ProverBackend& backend);
std::vector<Proof> create_proofs(const ParameterSource& params, const circuit::CompactR1cs& shape,
                                 std::vector<CompactCircuit> circuits, ProverBackend& backend);

}  // namespace cuzk::prover
