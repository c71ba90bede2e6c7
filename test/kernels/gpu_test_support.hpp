// Shared pieces of the kernels tests: the no-GPU skip, random curve points made on the CPU, the
// CPU reference MSM; the point conversions are kernels/point_conversion.hpp.
#pragma once

#include <cstdio>
#include <random>
#include <span>
#include <vector>

#include "bls12_381/fp2.hpp"
#include "bls12_381/g1.hpp"
#include "bls12_381/g2.hpp"
#include "kernels/gpu.hpp"
#include "kernels/point_conversion.hpp"
#include "kernels/points.hpp"

namespace cuzk::kernels::test {

using bls12_381::Fp;
using bls12_381::Fp2;
using bls12_381::Fr;

// True without a usable device; prints one line saying so (once per test executable).
inline bool no_gpu() {
  static const bool missing = [] {
    const bool available = gpu_available();
    if (!available) std::printf("SKIP GPU tests: %s\n", gpu_description().c_str());
    return !available;
  }();
  return missing;
}

// n points k0*G + i*k1*G (i = 0..n-1) for random k0, k1: one addition each, one inversion total.
template <class Curve>
std::vector<bls12_381::AffinePoint<Curve>> random_points(std::size_t n, std::mt19937_64& rng) {
  using Jacobian = bls12_381::JacobianPoint<Curve>;
  const Jacobian g = Jacobian::generator();
  Jacobian p = g * Fr::random(rng);
  const auto step = (g * Fr::random(rng)).to_affine();
  std::vector<Jacobian> jacobian(n);
  for (auto& q : jacobian) {
    q = p;
    p += step;
  }
  std::vector<bls12_381::AffinePoint<Curve>> affine(n);
  bls12_381::batch_to_affine<Curve>(jacobian, affine);
  return affine;
}

// sum scalars[i] * points[i] on the CPU (independent of the kernels' algorithms).
template <class Curve>
bls12_381::AffinePoint<Curve> reference_msm(std::span<const bls12_381::AffinePoint<Curve>> points,
                                            std::span<const ScalarLimbs> scalars) {
  using Jacobian = bls12_381::JacobianPoint<Curve>;
  std::vector<Jacobian> terms(scalars.size());
#pragma omp parallel for schedule(dynamic, 16)
  for (std::size_t i = 0; i < scalars.size(); ++i)
    terms[i] = Jacobian::from_affine(points[i]).mul(scalars[i]);
  Jacobian sum = Jacobian::identity();
  for (const auto& t : terms) sum += t;
  return sum.to_affine();
}

inline ScalarLimbs random_scalar(std::mt19937_64& rng) { return Fr::random(rng).to_canonical(); }

}  // namespace cuzk::kernels::test
