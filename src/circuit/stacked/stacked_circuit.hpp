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

template <ConstraintSystem CS>
void synthesize(CS& cs, const StackedCircuit& circuit) {
  if (circuit.proofs.size() != circuit.shape.challenges) {
    throw Error("stacked circuit: " + std::to_string(circuit.proofs.size()) +
                " challenge proofs for a shape of " + std::to_string(circuit.shape.challenges));
  }
  const AllocatedNum replica_id = detail::alloc_in(cs, "replica_id", circuit.replica_id);
  detail::inputize_in(cs, "replica_id_input", replica_id);
  std::vector<Boolean> replica_id_bits;
  {
    [[maybe_unused]] auto scope = cs.scope("replica_id_bits");
    const std::vector<Boolean> le = replica_id.to_bits_le(cs);
    replica_id_bits = reverse_bit_numbering(le);
  }

  const AllocatedNum comm_d = detail::alloc_in(cs, "comm_d", circuit.comm_d);
  detail::inputize_in(cs, "comm_d_input", comm_d);
  const AllocatedNum comm_r = detail::alloc_in(cs, "comm_r", circuit.comm_r);
  detail::inputize_in(cs, "comm_r_input", comm_r);
  const AllocatedNum comm_r_last = detail::alloc_in(cs, "comm_r_last", circuit.comm_r_last);
  const AllocatedNum comm_c = detail::alloc_in(cs, "comm_c", circuit.comm_c);

  {
    AllocatedNum hash;
    {
      [[maybe_unused]] auto scope = cs.scope("H_comm_c_comm_r_last");
      hash = merkle::poseidon_hash2_circuit(cs, comm_c, comm_r_last);
    }
    enforce_equal(cs, "enforce comm_r = H(comm_c || comm_r_last)", comm_r, hash);
  }

  for (std::size_t i = 0; i < circuit.proofs.size(); ++i) {
    [[maybe_unused]] auto scope = cs.scope("challenge", i);
    synthesize_challenge(cs, circuit.shape, circuit.proofs[i], comm_d, comm_c, comm_r_last,
                         std::span<const Boolean>(replica_id_bits));
  }
}

}  // namespace cuzk::circuit::stacked
