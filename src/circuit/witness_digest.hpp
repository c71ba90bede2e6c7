// SHA-256 digests of a synthesized witness, as ../shared/vectors/rust-fil-proofs-witness.json
// defines them: aux_sha256 over every aux value in allocation order, inputs_sha256 over the
// inputs with ONE first, each value as its canonical 32 little-endian bytes. Equal digests mean
// equal witnesses, value for value, without holding a second 4 GB copy to compare against.
//
// One overload per system that produces a witness; a new witness generator adds one overload
// here and one case to stacked::partition_witness_digest.
#pragma once

#include <cstdint>
#include <string>

#include "circuit/compact_witness.hpp"
#include "circuit/proving_cs.hpp"

namespace cuzk::circuit {

struct WitnessDigest {
  std::uint64_t num_inputs = 0;  // ONE included
  std::uint64_t num_aux = 0;
  std::string aux_sha256;     // 64 hex digits
  std::string inputs_sha256;  // 64 hex digits
  friend bool operator==(const WitnessDigest&, const WitnessDigest&) = default;
};

WitnessDigest digest_witness(const ProvingCS& cs);
// The compact witness of the GPU path (WitnessCS::finish, the native generator).
WitnessDigest digest_witness(const CompactWitness& w);

}  // namespace cuzk::circuit
