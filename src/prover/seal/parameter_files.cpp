#include "prover/seal/parameter_files.hpp"

#include <string>

#include "circuit/stacked/circuit_report.hpp"
#include "circuit/stacked/circuit_shape.hpp"

namespace cuzk::prover::seal {

ParameterPaths parameter_paths(const std::filesystem::path& dir, porep::RegisteredSealProof proof) {
  const std::string stem = porep::parameter_file_stem(porep::seal_proof_info(proof));
  return {dir / (stem + ".params"), dir / (stem + ".vk")};
}

VectorLengths circuit_parameter_lengths(porep::RegisteredSealProof proof) {
  const auto report = circuit::stacked::analyze_circuit(circuit::stacked::circuit_shape(proof),
                                                        circuit::stacked::Fingerprint::kSkip);
  const auto& p = report.params;
  return {p.ic, p.h, p.l, p.a, p.b_g1, p.b_g2};
}

}  // namespace cuzk::prover::seal
