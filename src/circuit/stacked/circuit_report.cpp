#include "circuit/stacked/circuit_report.hpp"

#include <bit>

#include "circuit/fingerprint_cs.hpp"
#include "circuit/stacked/density_cs.hpp"
#include "circuit/stacked/stacked_circuit.hpp"

namespace cuzk::circuit::stacked {

CircuitReport analyze_circuit(const CircuitShape& shape, Fingerprint fingerprint) {
  const StackedCircuit circuit = blank_circuit(shape);
  CircuitReport report;
  report.shape = shape;

  DensityCS density;
  synthesize(density, circuit);
  report.num_inputs = density.num_inputs();
  report.num_aux = density.num_aux();
  report.num_constraints = density.num_constraints();
  report.domain_size = std::bit_ceil(report.num_constraints_with_inputs());
  const std::uint64_t b = density.b_input_density().count() + density.b_aux_density().count();
  report.params = ParamsLengths{.ic = report.num_inputs,
                                .h = report.domain_size - 1,
                                .l = report.num_aux,
                                .a = report.num_inputs + density.a_aux_density().count(),
                                .b_g1 = b,
                                .b_g2 = b};

  if (fingerprint == Fingerprint::kCompute) {
    FingerprintCS fp(density.size());
    synthesize(fp, circuit);
    report.fingerprint = fp.finish();
  }
  return report;
}

}  // namespace cuzk::circuit::stacked
