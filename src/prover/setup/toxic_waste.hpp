// TEST ONLY: the secrets of a Groth16 trusted setup drawn locally. Anyone holding them can forge
// proofs for the parameters made from them; real Filecoin parameters come from the phase-2 MPC.
// They live in memory only: nothing writes them, or the scalars derived from them, anywhere.
#pragma once

#include "bls12_381/fields.hpp"

namespace cuzk::prover {

using bls12_381::Fr;

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

}  // namespace cuzk::prover
