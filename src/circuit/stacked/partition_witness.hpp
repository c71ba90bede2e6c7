// The witness of one partition of a C1 file, digested (circuit/witness_digest.hpp), from a
// witness source chosen by the caller: every system or generator that produces the witness the
// prover consumes must give the digests of ../shared/vectors/rust-fil-proofs-witness.json.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "circuit/witness_digest.hpp"
#include "porep/c1_output.hpp"

namespace cuzk::circuit::stacked {

enum class WitnessSource {
  kProvingCS,  // "proving": what the CPU prover synthesizes (values and a, b, c: ~17 GB at 32 GiB)
  kWitnessCS,  // "witness": the compact witness through the generic gadgets (bits as bits)
  kNative,     // "native": the native generator the GPU path uses (native_witness.hpp)
};

inline constexpr WitnessSource kWitnessSources[] = {
    WitnessSource::kProvingCS, WitnessSource::kWitnessCS, WitnessSource::kNative};

std::string_view witness_source_name(WitnessSource source);
std::optional<WitnessSource> witness_source_from_name(std::string_view name);

// Synthesizes partition k of `c1` (circuit_from_c1) into `source` and digests its witness.
// Throws cuzk::Error for a partition out of range or values the circuit cannot take.
WitnessDigest partition_witness_digest(const porep::C1Output& c1, std::uint32_t k,
                                       WitnessSource source);

}  // namespace cuzk::circuit::stacked
