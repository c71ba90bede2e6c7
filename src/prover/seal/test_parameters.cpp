#include "prover/seal/test_parameters.hpp"

#include "circuit/stacked/circuit_shape.hpp"
#include "circuit/stacked/record_shape.hpp"

namespace cuzk::prover::seal {

Parameters generate_seal_test_parameters(porep::RegisteredSealProof proof,
                                         const ToxicWaste& waste) {
  return generate_parameters(
      circuit::stacked::record_partition_shape(circuit::stacked::circuit_shape(proof)), waste);
}

void write_parameter_files(const ParameterPaths& paths, const Parameters& params) {
  write_parameters_file(paths.params, params);
  write_verifying_key_file(paths.vk, params.vk);
}

}  // namespace cuzk::prover::seal
