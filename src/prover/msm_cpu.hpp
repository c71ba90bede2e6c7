// The CPU multi-scalar multiplications of the prover, in G1 and G2 (Pippenger, prover/msm.hpp).
#pragma once

#include <span>

#include "bls12_381/g1.hpp"
#include "bls12_381/g2.hpp"
#include "prover/density.hpp"
#include "prover/msm.hpp"
#include "prover/msm_buckets.hpp"

namespace cuzk::prover {

using bls12_381::G1Affine;
using bls12_381::G1Jacobian;
using bls12_381::G2Affine;
using bls12_381::G2Jacobian;

template <class Curve>
struct CurveOps<bls12_381::AffinePoint<Curve>> {
  using Affine = bls12_381::AffinePoint<Curve>;
  using Projective = bls12_381::JacobianPoint<Curve>;
  using Buckets = JacobianBuckets<CurveOps>;
  using BatchBuckets = BatchAffineBuckets<Curve>;
  static Projective identity() { return Projective::identity(); }
  static void add(Projective& acc, const Projective& p) { acc += p; }
  static void add_affine(Projective& acc, const Affine& p) { acc += p; }
  static Affine negated(const Affine& p) { return -p; }
  static Projective doubled(const Projective& p) { return p.doubled(); }
};

// See msm() in prover/msm.hpp for the pairing of bases, scalars and density, and the meter.
G1Jacobian msm_g1(std::span<const G1Affine> bases, std::span<const ScalarLimbs> scalars,
                  const DensityBitmap* density = nullptr, WorkMeter* meter = nullptr);
G2Jacobian msm_g2(std::span<const G2Affine> bases, std::span<const ScalarLimbs> scalars,
                  const DensityBitmap* density = nullptr, WorkMeter* meter = nullptr);

}  // namespace cuzk::prover
