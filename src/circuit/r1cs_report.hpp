// What `cuzk circuit` prints about one partition's circuit, whichever circuit it is, computed
// without a witness: the counts, the FFT domain, and the lengths the Groth16 parameter vectors
// must have for it (bellperson's generator and the phase-2 MPC keep only the non-identity query
// points):
//   ic = inputs, h = domain - 1, l = aux, a = inputs + A-aux density,
//   b_g1 = b_g2 = B-input density + B-aux density,
// where the domain is the next power of two of the constraints including the one extra
// `Input(i)·0 = 0` row per input that keygen and the prover append.
#pragma once

#include <bit>
#include <cstdint>
#include <optional>

#include "circuit/fingerprint_cs.hpp"
#include "circuit/fingerprint_hasher.hpp"
#include "circuit/stacked/density_cs.hpp"

namespace cuzk::circuit {

struct ParamsLengths {
  std::uint64_t ic = 0;
  std::uint64_t h = 0;
  std::uint64_t l = 0;
  std::uint64_t a = 0;
  std::uint64_t b_g1 = 0;
  std::uint64_t b_g2 = 0;
  friend bool operator==(const ParamsLengths&, const ParamsLengths&) = default;
};

struct R1csReport {
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

// The report from the counts and the prover's densities.
inline R1csReport r1cs_report(const CircuitSize& size, const ProverDensities& d) {
  R1csReport r;
  r.num_inputs = size.num_inputs;
  r.num_aux = size.num_aux;
  r.num_constraints = size.num_constraints;
  r.domain_size = std::bit_ceil(r.num_constraints_with_inputs());
  r.params = ParamsLengths{.ic = r.num_inputs,
                           .h = r.domain_size - 1,
                           .l = r.num_aux,
                           .a = r.num_inputs + d.a_aux,
                           .b_g1 = d.b_input + d.b_aux,
                           .b_g2 = d.b_input + d.b_aux};
  return r;
}

// `synth(cs)` (a generic callable synthesizing a blank circuit) in a DensityCS pass or, with
// Fingerprint::kCompute, a SizeCS pass and a FingerprintCS pass (which yields the densities too).
template <class Synth>
R1csReport analyze_r1cs(Synth&& synth, Fingerprint fingerprint) {
  if (fingerprint == Fingerprint::kCompute) {
    const R1csDigest digest = digest_of(synth);
    R1csReport report = r1cs_report(digest.size, digest.density);
    report.digest = digest;
    return report;
  }
  stacked::DensityCS density;
  synth(density);
  return r1cs_report(density.size(), ProverDensities{.a_aux = density.a_aux_density().count(),
                                                     .b_input = density.b_input_density().count(),
                                                     .b_aux = density.b_aux_density().count()});
}

}  // namespace cuzk::circuit
