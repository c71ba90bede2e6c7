#include "prover/seal/test_parameters.hpp"

#include <array>
#include <system_error>

#include "circuit/stacked/circuit_inputs.hpp"
#include "circuit/stacked/circuit_shape.hpp"
#include "circuit/stacked/stacked_circuit.hpp"
#include "prover/keypair_assembly.hpp"
#include "prover/seal/parameter_digest.hpp"
#include "prover/seal/test_parameter_marker.hpp"

namespace cuzk::prover::seal {
namespace {

std::filesystem::path lock_path(const ParameterPaths& paths) {
  std::filesystem::path lock = paths.params;
  return lock.replace_extension(".lock");
}

}  // namespace

Parameters generate_seal_test_parameters(porep::RegisteredSealProof proof,
                                         const ToxicWaste& waste) {
  const auto blank = circuit::stacked::blank_circuit(circuit::stacked::circuit_shape(proof));
  return generate_test_parameters(
      [&](KeypairAssembly& cs) { circuit::stacked::synthesize(cs, blank); }, waste);
}

TestParameterWriter::TestParameterWriter(const ParameterPaths& paths)
    : paths_(paths),
      lock_(lock_path(paths)),
      params_(paths.params),
      vk_(paths.vk),
      marker_(test_marker_path(paths.params)) {}

bool TestParameterWriter::exists() const {
  std::error_code ec;
  return std::filesystem::exists(paths_.params, ec) || std::filesystem::exists(paths_.vk, ec);
}

void TestParameterWriter::write(const Parameters& params) {
  const std::vector<std::uint8_t> params_bytes = encode_parameters(params);
  std::vector<std::uint8_t> vk_bytes;
  append_encoding(params.vk, vk_bytes);
  const std::array<MarkedFile, 2> marked = {{
      {paths_.params.filename().string(), parameter_digest(params_bytes)},
      {paths_.vk.filename().string(), parameter_digest(vk_bytes)},
  }};
  const std::string marker = encode_test_marker(marked);

  params_.write(params_bytes);
  vk_.write(vk_bytes);
  marker_.write(std::span(reinterpret_cast<const std::uint8_t*>(marker.data()), marker.size()));
  marker_.commit();
  params_.commit();
  vk_.commit();
}

void write_parameter_files(const ParameterPaths& paths, const Parameters& params) {
  TestParameterWriter(paths).write(params);
}

}  // namespace cuzk::prover::seal
