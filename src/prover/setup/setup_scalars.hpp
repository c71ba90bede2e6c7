// TEST ONLY: the scalar of every point of a Groth16 test setup (bellperson's generator.rs), from a
// circuit's compact recording and the toxic waste. Each point the parameters hold is one of these
// times the G1 or G2 base, so the in-memory CPU setup (prover/setup/test_setup.hpp) and the
// streamed setup on either device (prover/setup/parameter_writer.hpp) multiply the same scalars and
// write the same points. The scalars are the toxic waste in another form: they are never written
// anywhere.
//
// With the Lagrange basis L_k(tau) of the QAP domain (m points) and the column values of
// prover/setup/qap_evaluation.hpp:
//   h[i] = tau^i Z(tau) / delta for i < m - 1;
//   ic = (beta A + alpha B + C)(tau) / gamma per input, l = the same / delta per aux variable;
//   a, b = the non-zero A(tau), B(tau), inputs then aux (a zero one would be a point at infinity,
//   which bellperson drops).
#pragma once

#include <cstdint>
#include <vector>

#include "bls12_381/g1.hpp"
#include "bls12_381/g2.hpp"
#include "circuit/compact_r1cs.hpp"
#include "kernels/device/device.hpp"
#include "prover/setup/toxic_waste.hpp"

namespace cuzk::prover {

struct SetupScalars {
  // The verifying key's points: alpha, beta, delta times the G1 base; beta, gamma, delta times
  // the G2 base.
  Fr alpha, beta, gamma, delta;
  std::vector<Fr> ic, h, l, a, b;  // b is multiplied by both bases (b_g1 and b_g2)
};

// Where the setup's bulk work runs: the inverse NTT that gives the Lagrange basis here, the
// fixed-base products in the parameter writer.
enum class SetupDevice : std::uint8_t { kCpu, kGpu };
// The GPU that kGpu means: the first, until the caller can choose one.
inline constexpr kernels::Device kSetupGpu{0};

// `r` must include bellperson's input rows (Input(i) * 0 = 0), as record_partition_shape and
// record_circuit record them. kGpu needs a CUDA device and a domain of at most 2^27 points.
// Throws cuzk::Error if an aux variable is unconstrained (its l point would be infinity), as
// bellperson does.
SetupScalars setup_scalars(const circuit::CompactR1cs& r, const ToxicWaste& waste,
                           SetupDevice device);

// The fixed bases every point is a multiple of.
struct SetupBases {
  bls12_381::G1Jacobian g1;
  bls12_381::G2Jacobian g2;
};
SetupBases setup_bases(const ToxicWaste& waste);

}  // namespace cuzk::prover
