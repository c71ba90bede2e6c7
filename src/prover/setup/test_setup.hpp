// TEST ONLY: a Groth16 trusted setup from locally chosen toxic waste
// (prover/setup/toxic_waste.hpp), for tests and benchmarks. Real Filecoin parameters come from the
// phase-2 MPC and are read from .params files.
//
// Follows bellperson's generator.rs exactly, so the layout is the one the prover expects:
// Input(0) = ONE before synthesis and Input(i) * 0 = 0 for every input after it; the scalars of
// every point are those of prover/setup/setup_scalars.hpp. This is the in-memory CPU setup; the
// streamed one that writes files on either device is prover/setup/parameter_writer.hpp.
#pragma once

#include <utility>

#include "circuit/compact_r1cs.hpp"
#include "circuit/constraint_system.hpp"
#include "circuit/shape_cs.hpp"
#include "prover/params/parameters.hpp"
#include "prover/setup/toxic_waste.hpp"

namespace cuzk::prover {

// Records `circuit` (callable with a circuit::ShapeCS&) and appends bellperson's input rows, as
// keygen sees it.
template <class Circuit>
circuit::CompactR1cs record_circuit(Circuit&& circuit) {
  circuit::ShapeCS cs;
  std::forward<Circuit>(circuit)(cs);
  circuit::enforce_input_columns(cs);
  return std::move(cs).finish();
}

// Parameters for a recorded circuit (input rows included), on the CPU. Throws cuzk::Error if an
// aux variable is unconstrained (its l point would be infinity), as bellperson does.
Parameters generate_parameters(const circuit::CompactR1cs& r, const ToxicWaste& waste);

// Records `circuit` and generates its parameters.
template <class Circuit>
Parameters generate_test_parameters(Circuit&& circuit, const ToxicWaste& waste) {
  return generate_parameters(record_circuit(std::forward<Circuit>(circuit)), waste);
}

}  // namespace cuzk::prover
