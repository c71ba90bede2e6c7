// What `cuzk circuit` prints about one partition's circuit, computed without a witness: the
// counts, the FFT domain, and the lengths the Groth16 parameter vectors must have for it
// (bellperson's generator and the phase-2 MPC keep only the non-identity query points):
//   ic = inputs, h = domain - 1, l = aux, a = inputs + A-aux density,
//   b_g1 = b_g2 = B-input density + B-aux density,
// where the domain is the next power of two of the constraints including the one extra
// `Input(i)·0 = 0` row per input that keygen and the prover append.
#pragma once

#include <cstdint>
#include <optional>

#include "circuit/fingerprint_hasher.hpp"
#include "circuit/stacked/circuit_shape.hpp"

namespace cuzk::circuit::stacked {

struct ParamsLengths {
  std::uint64_t ic = 0;
  std::uint64_t h = 0;
  std::uint64_t l = 0;
  std::uint64_t a = 0;
  std::uint64_t b_g1 = 0;
  std::uint64_t b_g2 = 0;
  friend bool operator==(const ParamsLengths&, const ParamsLengths&) = default;
};

struct CircuitReport {
  CircuitShape shape;
  std::uint64_t num_inputs = 0;  // ONE included
  std::uint64_t num_aux = 0;
  std::uint64_t num_constraints = 0;  // as synthesized (TestCS's count)
  std::uint64_t domain_size = 0;
  ParamsLengths params;
  // Both fingerprints, the non-zeros and the densities (fingerprint_hasher.hpp), when asked for.
  std::optional<R1csDigest> digest;

  std::uint64_t num_constraints_with_inputs() const { return num_constraints + num_inputs; }
};

enum class Fingerprint { kSkip, kCompute };

// Synthesizes the blank circuit of `shape` in a DensityCS pass or, with Fingerprint::kCompute, a
// SizeCS pass and a FingerprintCS pass (which yields the densities too). Throws cuzk::Error if
// the shape is invalid.
CircuitReport analyze_circuit(const CircuitShape& shape, Fingerprint fingerprint);

}  // namespace cuzk::circuit::stacked
