// The optimal ate pairing e: G1 x G2 -> Gt of BLS12-381.
//
// e(P, Q) = final_exponentiation(miller_loop(P, Q)). The Miller loop runs over the bits of |x|
// with Q's line functions precomputed in homogeneous projective coordinates (Costello, Lange,
// Naehrig, "Faster pairing computations on curves with high-degree twists", PKC 2010), so a
// verifier prepares each fixed G2 point once (G2Prepared) and evaluates its 68 lines at any P.
// The final exponentiation computes f^(3 (p^12 - 1) / r), the exponent of zkcrypto, blst and
// noble, so Gt values agree with theirs bit for bit.
#pragma once

#include <span>
#include <vector>

#include "bls12_381/fp12.hpp"
#include "bls12_381/g1.hpp"
#include "bls12_381/g2.hpp"
#include "bls12_381/gt.hpp"

namespace cuzk::bls12_381 {

// One line of the M-type twist, evaluated at P = (xp, yp) as the sparse Fp12 element
// constant + (x_coeff xp) v + (y_coeff yp) v w (see Fp12::mul_by_014).
struct LineCoefficients {
  Fp2 constant;
  Fp2 x_coeff;
  Fp2 y_coeff;
};

// The lines of the Miller loop for a fixed Q: 63 doublings and 5 additions.
class G2Prepared {
 public:
  explicit G2Prepared(const G2Affine& q);
  bool is_identity() const { return lines_.empty(); }
  std::span<const LineCoefficients> lines() const { return lines_; }

 private:
  std::vector<LineCoefficients> lines_;  // empty for the point at infinity
};

// One (P, Q) pair of a product of pairings.
struct PairingTerm {
  G1Affine p;
  const G2Prepared& q;
};

// The Miller loop of the optimal ate pairing; a pair with P or Q at infinity contributes 1.
Fp12 miller_loop(const G1Affine& p, const G2Prepared& q);
// The product of the Miller loops of all terms, sharing one Fp12 squaring per step.
Fp12 multi_miller_loop(std::span<const PairingTerm> terms);
Gt final_exponentiation(const Fp12& f);
Gt pairing(const G1Affine& p, const G2Affine& q);

}  // namespace cuzk::bls12_381
