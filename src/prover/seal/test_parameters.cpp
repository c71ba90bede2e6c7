#include "prover/seal/test_parameters.hpp"

#include "circuit/stacked/circuit_inputs.hpp"
#include "circuit/stacked/circuit_shape.hpp"
#include "circuit/stacked/stacked_circuit.hpp"
#include "prover/keypair_assembly.hpp"

namespace cuzk::prover::seal {

Parameters generate_seal_test_parameters(porep::RegisteredSealProof proof,
                                         const ToxicWaste& waste) {
  const auto blank = circuit::stacked::blank_circuit(circuit::stacked::circuit_shape(proof));
  return generate_test_parameters(
      [&](KeypairAssembly& cs) { circuit::stacked::synthesize(cs, blank); }, waste);
}

void write_parameter_files(const ParameterPaths& paths, const Parameters& params) {
  write_parameters_file(paths.params, params);
  write_verifying_key_file(paths.vk, params.vk);
}

}  // namespace cuzk::prover::seal
