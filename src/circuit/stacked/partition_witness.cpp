#include "circuit/stacked/partition_witness.hpp"

#include "circuit/proving_cs.hpp"
#include "circuit/stacked/circuit_inputs.hpp"
#include "circuit/stacked/native_witness.hpp"
#include "circuit/stacked/partition_layout.hpp"
#include "circuit/stacked/stacked_circuit.hpp"
#include "circuit/witness_cs.hpp"
#include "util/error.hpp"

namespace cuzk::circuit::stacked {

namespace {

WitnessDigest proving_digest(const StackedCircuit& circuit) {
  ProvingCS cs;
  synthesize(cs, circuit);
  return digest_witness(cs);
}

WitnessDigest witness_cs_digest(const StackedCircuit& circuit) {
  WitnessCS cs;
  synthesize(cs, circuit);
  return digest_witness(std::move(cs).finish());
}

WitnessDigest native_digest(const StackedCircuit& circuit) {
  const PartitionLayout layout = partition_layout(circuit.shape);
  return digest_witness(native_witnesses(std::span(&circuit, 1), layout).at(0));
}

}  // namespace

std::string_view witness_source_name(WitnessSource source) {
  switch (source) {
    case WitnessSource::kProvingCS:
      return "proving";
    case WitnessSource::kWitnessCS:
      return "witness";
    case WitnessSource::kNative:
      return "native";
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
      return proving_digest(circuit);
    case WitnessSource::kWitnessCS:
      return witness_cs_digest(circuit);
    case WitnessSource::kNative:
      return native_digest(circuit);
  }
  throw Error("unknown witness source");
}

}  // namespace cuzk::circuit::stacked
