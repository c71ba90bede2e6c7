#include "circuit/stacked/circuit_report.hpp"

#include <bit>

#include "circuit/fingerprint_cs.hpp"
#include "circuit/stacked/density_cs.hpp"
#include "circuit/stacked/stacked_circuit.hpp"

namespace cuzk::circuit::stacked {

namespace {

void fill_sizes(CircuitReport& report, const CircuitSize& size, const ProverDensities& d) {
  report.num_inputs = size.num_inputs;
  report.num_aux = size.num_aux;
  report.num_constraints = size.num_constraints;
  report.domain_size = std::bit_ceil(report.num_constraints_with_inputs());
  report.params = ParamsLengths{.ic = report.num_inputs,
                                .h = report.domain_size - 1,
                                .l = report.num_aux,
                                .a = report.num_inputs + d.a_aux,
                                .b_g1 = d.b_input + d.b_aux,
                                .b_g2 = d.b_input + d.b_aux};
}

}  // namespace

CircuitReport analyze_circuit(const CircuitShape& shape, Fingerprint fingerprint) {
  const StackedCircuit circuit = blank_circuit(shape);
  CircuitReport report;
  report.shape = shape;

  if (fingerprint == Fingerprint::kCompute) {
    report.digest = digest_of([&](auto& cs) { synthesize(cs, circuit); });
    fill_sizes(report, report.digest->size, report.digest->density);
    return report;
  }
  DensityCS density;
  synthesize(density, circuit);
  fill_sizes(report, density.size(),
             ProverDensities{.a_aux = density.a_aux_density().count(),
                             .b_input = density.b_input_density().count(),
                             .b_aux = density.b_aux_density().count()});
  return report;
}

}  // namespace cuzk::circuit::stacked
