// What `cuzk circuit` prints about one partition's PoRep circuit: its shape and the counts, FFT
// domain, parameter vector lengths and optional fingerprints of circuit/r1cs_report.hpp.
#pragma once

#include "circuit/r1cs_report.hpp"
#include "circuit/stacked/circuit_shape.hpp"

namespace cuzk::circuit::stacked {

using circuit::Fingerprint;
using circuit::ParamsLengths;

struct CircuitReport : R1csReport {
  CircuitShape shape;
};

// Synthesizes the blank circuit of `shape` (analyze_r1cs). Throws cuzk::Error if the shape is
// invalid.
CircuitReport analyze_circuit(const CircuitShape& shape, Fingerprint fingerprint);

}  // namespace cuzk::circuit::stacked
