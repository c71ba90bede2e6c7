#include "prover/params/parameter_files.hpp"

#include <array>
#include <string>

#include "circuit/stacked/circuit_report.hpp"
#include "circuit/stacked/circuit_shape.hpp"
#include "circuit/update/update_report.hpp"
#include "util/error.hpp"

namespace cuzk::prover {
namespace {

struct LengthsRow {
  std::uint64_t sector_size;
  VectorLengths lengths;
};

// ic = inputs, h = domain - 1, l = aux, a = inputs + A-aux density, b = B density
// (circuit_report.hpp), from rust-fil-proofs' counts in
// ../shared/vectors/rust-fil-proofs-r1cs.json.
constexpr std::array<LengthsRow, 5> kLengths = {{
    {std::uint64_t{1} << 11, {40, 4'194'303, 2'685'673, 2'674'948, 685'522, 685'522}},
    {std::uint64_t{1} << 23, {40, 4'194'303, 3'842'449, 3'815'036, 1'011'290, 1'011'290}},
    {std::uint64_t{1} << 29, {40, 8'388'607, 4'420'837, 4'385'080, 1'174'174, 1'174'174}},
    {std::uint64_t{1} << 35, {328, 134'217'727, 130'169'893, 129'753'620, 33'112'282, 33'112'282}},
    {std::uint64_t{1} << 36, {328, 134'217'727, 131'076'643, 130'637'870, 33'386'944, 33'386'944}},
}};

ParameterPaths paths_of_stem(const std::filesystem::path& dir, const std::string& stem) {
  return {dir / (stem + ".params"), dir / (stem + ".vk")};
}

VectorLengths lengths_of(const circuit::R1csReport& report) {
  const auto& p = report.params;
  return {p.ic, p.h, p.l, p.a, p.b_g1, p.b_g2};
}

}  // namespace

ParameterPaths parameter_paths(const std::filesystem::path& dir, porep::RegisteredSealProof proof) {
  return paths_of_stem(dir, porep::parameter_file_stem(porep::seal_proof_info(proof)));
}

ParameterPaths parameter_paths(const std::filesystem::path& dir,
                               porep::update::RegisteredUpdateProof proof) {
  return paths_of_stem(dir,
                       porep::update::parameter_file_stem(porep::update::update_proof_info(proof)));
}

VectorLengths circuit_parameter_lengths(porep::RegisteredSealProof proof) {
  return lengths_of(circuit::stacked::analyze_circuit(circuit::stacked::circuit_shape(proof),
                                                      circuit::stacked::Fingerprint::kSkip));
}

VectorLengths circuit_parameter_lengths(porep::update::RegisteredUpdateProof proof) {
  return lengths_of(circuit::update::analyze_update_circuit(circuit::update::update_shape(proof),
                                                            circuit::Fingerprint::kSkip));
}

VectorLengths expected_parameter_lengths(porep::RegisteredSealProof proof) {
  const std::uint64_t size = porep::seal_proof_info(proof).sector_size;
  for (const LengthsRow& row : kLengths) {
    if (row.sector_size == size) return row.lengths;
  }
  throw Error("no parameter lengths for sector size " + std::to_string(size));
}

}  // namespace cuzk::prover
