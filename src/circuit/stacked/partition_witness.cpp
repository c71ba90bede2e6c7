#include "circuit/stacked/partition_witness.hpp"

#include "circuit/proving_cs.hpp"
#include "circuit/stacked/circuit_inputs.hpp"
#include "circuit/stacked/stacked_circuit.hpp"
#include "circuit/witness_cs.hpp"
#include "util/error.hpp"

namespace cuzk::circuit::stacked {

namespace {

template <class CS>
WitnessDigest synthesize_and_digest(const StackedCircuit& circuit) {
  CS cs;
  synthesize(cs, circuit);
  return digest_witness(cs);
}

}  // namespace

std::string_view witness_source_name(WitnessSource source) {
  switch (source) {
    case WitnessSource::kProvingCS:
      return "proving";
    case WitnessSource::kWitnessCS:
      return "witness";
  }
  return "?";
}

std::optional<WitnessSource> witness_source_from_name(std::string_view name) {
  for (const WitnessSource s : kWitnessSources) {
    if (witness_source_name(s) == name) return s;
  }
  return std::nullopt;
}

WitnessDigest partition_witness_digest(const porep::C1Output& c1, std::uint32_t k,
                                       WitnessSource source) {
  const StackedCircuit circuit = circuit_from_c1(c1, k);
  switch (source) {
    case WitnessSource::kProvingCS:
      return synthesize_and_digest<ProvingCS>(circuit);
    case WitnessSource::kWitnessCS:
      return synthesize_and_digest<WitnessCS>(circuit);
  }
  throw Error("unknown witness source");
}

}  // namespace cuzk::circuit::stacked
