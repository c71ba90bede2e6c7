#include "circuit/stacked/circuit_report.hpp"

#include "circuit/stacked/stacked_circuit.hpp"

namespace cuzk::circuit::stacked {

CircuitReport analyze_circuit(const CircuitShape& shape, Fingerprint fingerprint) {
  const StackedCircuit circuit = blank_circuit(shape);
  return CircuitReport{analyze_r1cs([&](auto& cs) { synthesize(cs, circuit); }, fingerprint),
                       shape};
}

}  // namespace cuzk::circuit::stacked
