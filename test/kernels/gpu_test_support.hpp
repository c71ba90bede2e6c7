// Shared pieces of the kernels tests: the no-GPU skip, random curve points made on the CPU, the
// CPU reference MSM, and the stage-by-stage comparison of the GPU partition prover with the CPU
// prover; the point conversions are kernels/curve/point_conversion.hpp.
//
// The skip: without a usable GPU (and in a build without CUDA) no_gpu() prints one line,
// "SKIP GPU tests: REASON", and every case marked `* doctest::skip(no_gpu())` is skipped (doctest's
// summary counts it under "skipped"), so the executable passes, and ctest with it, having run
// nothing on a GPU. With --no-skip doctest runs those cases anyway: without a GPU they fail, but a
// case that returns early on no_gpu() passes. scripts/gpu-check.sh runs every GPU test with
// --no-skip on a GPU machine and fails on the skip line, a skipped case or no case run.
#pragma once

#include <cstdio>
#include <random>
#include <span>
#include <vector>

#include "bls12_381/fp2.hpp"
#include "bls12_381/g1.hpp"
#include "bls12_381/g2.hpp"
#include "kernels/curve/point_conversion.hpp"
#include "kernels/curve/points.hpp"
#include "kernels/device/gpu.hpp"

namespace cuzk::kernels::test {

using bls12_381::Fp;
using bls12_381::Fp2;
using bls12_381::Fr;

// The GPU the kernels tests run on.
inline constexpr Device kTestGpu{0};

// True without a usable device; prints one line saying so (once per test executable).
inline bool no_gpu() {
  static const bool missing = [] {
    const bool available = gpu_available(kTestGpu);
    if (!available) std::printf("SKIP GPU tests: %s\n", gpu_description(kTestGpu).c_str());
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

#ifdef CUZK_HAVE_CUDA  // the partition prover exists in CUDA builds only

#include <doctest/doctest.h>

#include <string>

#include "circuit/compact_r1cs.hpp"
#include "circuit/compact_witness.hpp"
#include "circuit/proving_cs.hpp"
#include "kernels/groth16/parameter_bases.hpp"
#include "kernels/groth16/partition_prover.hpp"
#include "pipeline/gpu_views.hpp"
#include "pipeline/params_reader.hpp"
#include "prover/cpu_backend.hpp"
#include "prover/params/mapped_parameters.hpp"
#include "prover/prover.hpp"

namespace cuzk::kernels::test {

// The CPU prover's view of one partition: the quotient's coefficients and the five sums, from
// ProvingCS's a, b, c and the CPU backend.
struct CpuPartition {
  std::vector<Fr> h;
  prover::QuerySums sums;
};

inline CpuPartition prove_on_cpu(const prover::ParameterSource& params,
                                 const circuit::ProvingCS& p) {
  prover::CpuBackend cpu;
  CpuPartition out;
  out.sums = prover::query_sums(params, std::span(&p, 1), cpu).at(0);
  out.h = cpu.quotient({p.a().begin(), p.a().end()}, {p.b().begin(), p.b().end()},
                       {p.c().begin(), p.c().end()});
  return out;
}

// The GPU path's view of the same partition: the recorded shape and the compact witness through
// PartitionProver, parameters resident.
struct GpuPartition {
  PartitionSums sums;
  PartitionGpuTimings timings;
  PartitionIntermediates mid;
};

// `shape`: a whole recording's view, or a partition recording's (the GPU copies its blocks).
inline GpuPartition prove_on_gpu(const prover::MappedParameters& params, const R1csView& shape,
                                 const circuit::CompactWitness& witness) {
  const pipeline::GpuWitness upload(kTestGpu, witness);
  const pipeline::ParamsFileReader reader(params);
  ParameterBases bases = ParameterBases::resident(kTestGpu, reader.queries());
  const DeviceR1cs device_shape(kTestGpu, shape);
  PartitionProver prover(device_shape);
  GpuPartition out;
  out.sums = prover.prove(bases, upload.view(), &out.timings, &out.mid);
  return out;
}

// The GPU's sums as the CPU prover holds them, for proof assembly.
inline prover::QuerySums host_query_sums(const PartitionSums& s) {
  return {bls12_381::G1Jacobian::from_affine(from_device_layout(s.h)),
          bls12_381::G1Jacobian::from_affine(from_device_layout(s.l)),
          bls12_381::G1Jacobian::from_affine(from_device_layout(s.a)),
          bls12_381::G1Jacobian::from_affine(from_device_layout(s.b_g1)),
          bls12_381::G2Jacobian::from_affine(from_device_layout(s.b_g2))};
}

// A proof assembled from the GPU's sums with fresh r, s, as the pipeline assembles it.
inline prover::Proof proof_from(const prover::VerifyingKey& vk, const PartitionSums& sums) {
  return prover::assemble_proof(vk, host_query_sums(sums), prover::Blinding::random());
}

// "" when equal, else where they first differ (a whole sector's vectors are too long to print).
inline std::string difference(std::span<const Fr> gpu, std::span<const Fr> cpu) {
  if (gpu.size() != cpu.size()) {
    return std::to_string(gpu.size()) + " values on the GPU, " + std::to_string(cpu.size()) +
           " on the CPU";
  }
  for (std::size_t i = 0; i < gpu.size(); ++i) {
    if (gpu[i] != cpu[i])
      return "first at " + std::to_string(i) + " of " + std::to_string(cpu.size());
  }
  return "";
}

// Every stage of the two paths on the same partition: the inputs, a, b, c of every row, the
// quotient's coefficients and the five sums; and how the GPU split the L query (most aux values are
// bits, about half of them one; the tail is exactly the wide values).
inline void check_gpu_equals_cpu(const circuit::ProvingCS& p, const CpuPartition& cpu,
                                 const GpuPartition& gpu, const circuit::CompactWitness& witness) {
  CHECK(difference(witness.inputs, p.inputs()) == "");
  CHECK(difference(gpu.mid.a, p.a()) == "");
  CHECK(difference(gpu.mid.b, p.b()) == "");
  CHECK(difference(gpu.mid.c, p.c()) == "");
  CHECK(difference(gpu.mid.h, cpu.h) == "");
  CHECK(from_device_layout(gpu.sums.h) == cpu.sums.h.to_affine());
  CHECK(from_device_layout(gpu.sums.l) == cpu.sums.l.to_affine());
  CHECK(from_device_layout(gpu.sums.a) == cpu.sums.a.to_affine());
  CHECK(from_device_layout(gpu.sums.b_g1) == cpu.sums.b_g1.to_affine());
  CHECK(from_device_layout(gpu.sums.b_g2) == cpu.sums.b_g2.to_affine());
  CHECK(gpu.timings.ones[static_cast<std::size_t>(Query::kL)] > witness.num_aux / 4);
  CHECK(gpu.timings.tail[static_cast<std::size_t>(Query::kL)] == witness.wide.size());
  MESSAGE("GPU ms: evaluate " << gpu.timings.evaluate_ms << ", quotient " << gpu.timings.quotient_ms
                              << ", H " << gpu.timings.msm_h_ms << ", total "
                              << gpu.timings.total_ms);
}

}  // namespace cuzk::kernels::test

#endif  // CUZK_HAVE_CUDA
