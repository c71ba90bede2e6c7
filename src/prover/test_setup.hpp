// TEST ONLY: a Groth16 trusted setup from locally chosen toxic waste, for tests and benchmarks.
// Anyone holding the ToxicWaste can forge proofs for these parameters; real Filecoin parameters
// come from the phase-2 MPC and are read from .params files.
//
// Follows bellperson's generator.rs exactly, so the layout is the one the prover expects:
// Input(0) = ONE before synthesis and x_i * 0 = 0 for every input after it; h[i] =
// tau^i Z(tau) / delta for i < m - 1; per variable, with the Lagrange basis L_k(tau) of the domain,
// a = sum A-coefficients * L(tau), b likewise; ic = (beta a + alpha b + c) / gamma for inputs and
// l = (beta a + alpha b + c) / delta for aux; a, b_g1, b_g2 keep only the non-zero ones.
#pragma once

#include <utility>

#include "circuit/constraint_system.hpp"
#include "prover/keypair_assembly.hpp"
#include "prover/parameters.hpp"

namespace cuzk::prover {

struct ToxicWaste {
  Fr g1;  // the G1 base is g1 * G1 generator (bellperson draws a random group element)
  Fr g2;  // likewise for G2
  Fr alpha, beta, gamma, delta, tau;

  template <class Rng>
  static ToxicWaste random(Rng& rng) {
    auto nonzero = [&] {
      for (;;) {
        const Fr x = Fr::random(rng);
        if (!x.is_zero()) return x;
      }
    };
    ToxicWaste w;
    w.g1 = nonzero();
    w.g2 = nonzero();
    w.alpha = nonzero();
    w.beta = nonzero();
    w.gamma = nonzero();
    w.delta = nonzero();
    w.tau = nonzero();
    return w;
  }
};

// Parameters for a circuit already synthesized into `cs` (input constraints not yet added: this
// adds them). Throws cuzk::Error if an aux variable is unconstrained (its l point would be
// infinity), as bellperson does.
Parameters generate_parameters(KeypairAssembly cs, const ToxicWaste& waste);

// Synthesizes `circuit` (callable with a KeypairAssembly&) and generates its parameters.
template <class Circuit>
Parameters generate_test_parameters(Circuit&& circuit, const ToxicWaste& waste) {
  KeypairAssembly cs;
  std::forward<Circuit>(circuit)(cs);
  return generate_parameters(std::move(cs), waste);
}

}  // namespace cuzk::prover
