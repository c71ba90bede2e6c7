// What `cuzk circuit --registered-update-proof` prints about one EmptySectorUpdate partition
// circuit (circuit/r1cs_report.hpp: counts, FFT domain, parameter vector lengths, optional
// fingerprints), and the digest of one partition's witness that `cuzk circuit --update-input
// --witness-digest` prints (the circuit built by circuit_from_vanilla).
#pragma once

#include "circuit/r1cs_report.hpp"
#include "circuit/update/update_inputs.hpp"
#include "circuit/update/update_shape.hpp"
#include "circuit/witness_digest.hpp"

namespace cuzk::circuit::update {

struct UpdateCircuitReport : R1csReport {
  UpdateShape shape;
};

// Synthesizes the blank circuit of `shape` (analyze_r1cs).
UpdateCircuitReport analyze_update_circuit(const UpdateShape& shape, Fingerprint fingerprint);

// Synthesizes `circuit` (with values) in ProvingCS and digests its witness. Throws cuzk::Error
// for inputs the circuit refuses (validate, or a new label that is not the encoding).
WitnessDigest update_witness_digest(const UpdateCircuit& circuit);

}  // namespace cuzk::circuit::update
