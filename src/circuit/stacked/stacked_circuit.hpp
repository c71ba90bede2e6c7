// The StackedDRG PoRep circuit of one partition (stacked/circuit/proof.rs StackedCircuit::
// synthesize), written once over the constraint system so that TestCS, ProvingCS, CountingCS,
// FingerprintCS and DensityCS all see rust-fil-proofs' R1CS: the same variables in the same
// order, the same constraints in the same order, the same coefficients.
//
// Top level: replica_id (public, then its message bits), comm_d and comm_r (public), comm_r_last
// and comm_c (private), comm_r = Poseidon2(comm_c, comm_r_last); then each challenge
// (challenge_circuit.hpp). 571 constraints before the first challenge; 3 inputs besides ONE, and
// 18 per challenge. Keygen and the prover then add one `Input(i)·0 = 0` row per input
// (enforce_input_columns), which is not part of synthesize.
#pragma once

#include <span>
#include <vector>

#include "circuit/constraint_system.hpp"
#include "circuit/gadgets/boolean.hpp"
#include "circuit/gadgets/num.hpp"
#include "circuit/merkle/poseidon_hasher_circuit.hpp"
#include "circuit/stacked/bit_order.hpp"
#include "circuit/stacked/challenge_circuit.hpp"
#include "circuit/stacked/circuit_inputs.hpp"
#include "circuit/stacked/encode.hpp"
#include "util/error.hpp"

namespace cuzk::circuit::stacked {

namespace detail {

template <ConstraintSystem CS>
AllocatedNum alloc_in(CS& cs, const char* name, const std::optional<Fr>& value) {
  [[maybe_unused]] auto scope = cs.scope(name);
  return AllocatedNum::alloc(cs, value);
}

template <ConstraintSystem CS>
void inputize_in(CS& cs, const char* name, const AllocatedNum& num) {
  [[maybe_unused]] auto scope = cs.scope(name);
  num.inputize(cs);
}

}  // namespace detail

// What every challenge of a partition shares: the allocated roots and the replica id's bits.
struct PartitionWires {
  AllocatedNum comm_d;
  AllocatedNum comm_c;
  AllocatedNum comm_r_last;
  std::vector<Boolean> replica_id_bits;
};

// Everything before the first challenge: 571 constraints, 3 inputs besides ONE.
template <ConstraintSystem CS>
PartitionWires synthesize_prefix(CS& cs, const StackedCircuit& circuit) {
  const AllocatedNum replica_id = detail::alloc_in(cs, "replica_id", circuit.replica_id);
  detail::inputize_in(cs, "replica_id_input", replica_id);
  PartitionWires wires;
  {
    [[maybe_unused]] auto scope = cs.scope("replica_id_bits");
    const std::vector<Boolean> le = replica_id.to_bits_le(cs);
    wires.replica_id_bits = reverse_bit_numbering(le);
  }

  wires.comm_d = detail::alloc_in(cs, "comm_d", circuit.comm_d);
  detail::inputize_in(cs, "comm_d_input", wires.comm_d);
  const AllocatedNum comm_r = detail::alloc_in(cs, "comm_r", circuit.comm_r);
  detail::inputize_in(cs, "comm_r_input", comm_r);
  wires.comm_r_last = detail::alloc_in(cs, "comm_r_last", circuit.comm_r_last);
  wires.comm_c = detail::alloc_in(cs, "comm_c", circuit.comm_c);

  AllocatedNum hash;
  {
    [[maybe_unused]] auto scope = cs.scope("H_comm_c_comm_r_last");
    hash = merkle::poseidon_hash2_circuit(cs, wires.comm_c, wires.comm_r_last);
  }
  enforce_equal(cs, "enforce comm_r = H(comm_c || comm_r_last)", comm_r, hash);
  return wires;
}

// Challenge i of the partition, after the prefix and challenges 0..i-1 (or, in a system that
// continues a circuit at challenge i's position, alone: see partition_layout.hpp).
template <ConstraintSystem CS, class PartMarker = IgnoreParts>
void synthesize_challenge_of(CS& cs, const StackedCircuit& circuit, const PartitionWires& wires,
                             std::size_t i, PartMarker&& mark = {}) {
  [[maybe_unused]] auto scope = cs.scope("challenge", i);
  synthesize_challenge(cs, circuit.shape, circuit.proofs[i], wires.comm_d, wires.comm_c,
                       wires.comm_r_last, std::span<const Boolean>(wires.replica_id_bits),
                       static_cast<PartMarker&&>(mark));
}

inline void check_challenge_count(const StackedCircuit& circuit) {
  if (circuit.proofs.size() != circuit.shape.challenges) {
    throw Error("stacked circuit: " + std::to_string(circuit.proofs.size()) +
                " challenge proofs for a shape of " + std::to_string(circuit.shape.challenges));
  }
}

template <ConstraintSystem CS>
void synthesize(CS& cs, const StackedCircuit& circuit) {
  check_challenge_count(circuit);
  const PartitionWires wires = synthesize_prefix(cs, circuit);
  for (std::size_t i = 0; i < circuit.proofs.size(); ++i) {
    synthesize_challenge_of(cs, circuit, wires, i);
  }
}

}  // namespace cuzk::circuit::stacked
