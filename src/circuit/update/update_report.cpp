#include "circuit/update/update_report.hpp"

#include "circuit/proving_cs.hpp"
#include "circuit/update/update_circuit.hpp"

namespace cuzk::circuit::update {

UpdateCircuitReport analyze_update_circuit(const UpdateShape& shape, Fingerprint fingerprint) {
  const UpdateCircuit circuit = blank_update_circuit(shape);
  return UpdateCircuitReport{analyze_r1cs([&](auto& cs) { synthesize(cs, circuit); }, fingerprint),
                             shape};
}

WitnessDigest update_witness_digest(const UpdateCircuit& circuit) {
  ProvingCS cs;
  synthesize(cs, circuit);
  return digest_witness(cs);
}

}  // namespace cuzk::circuit::update
