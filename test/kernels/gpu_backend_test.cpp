// The CUDA prover backend (cuda_backend.hpp) against the CPU backend: the same proofs from the same
// blinding (and they verify), and the same quotient and MSM results on inputs larger than a
// proof's.
#include <doctest/doctest.h>

#ifdef CUZK_HAVE_CUDA

#include <random>
#include <vector>

#include "cuda_backend.hpp"
#include "gpu_test_support.hpp"
#include "prover/cpu_backend.hpp"
#include "prover/groth16_circuits.hpp"
#include "prover/prover.hpp"
#include "prover/setup/test_setup.hpp"
#include "prover/verifier.hpp"

namespace cuzk::kernels::test {
namespace {

using prover::CpuBackend;

prover::Blinding blinding(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  return {Fr::random(rng), Fr::random(rng)};
}

// Scalars with the PoRep mix: a third zero, a third one, a third random.
std::vector<ScalarLimbs> mixed_scalars(std::size_t n, std::mt19937_64& rng) {
  std::vector<ScalarLimbs> s(n);
  for (auto& v : s) {
    const auto roll = rng() % 3;
    v = roll == 2 ? random_scalar(rng) : ScalarLimbs{roll, 0, 0, 0};
  }
  return s;
}

prover::DensityBitmap random_density(std::size_t n, std::mt19937_64& rng) {
  prover::DensityBitmap d;
  for (std::size_t i = 0; i < n; ++i) d.push_back(rng() % 4 != 0);
  return d;
}

TEST_CASE("cuda backend: random circuits give the CPU backend's proofs, which verify" *
          doctest::skip(no_gpu())) {
  cuzk::test::RandomCircuit shape;
  shape.inputs = 6;
  shape.constraints = 900;  // + 7 input constraints -> m = 1024
  std::mt19937_64 rng(21);
  const auto waste = prover::ToxicWaste::random(rng);
  const prover::Parameters params = prover::generate_test_parameters(shape, waste);
  std::vector<circuit::ProvingCS> circuits;
  std::vector<std::vector<Fr>> inputs;
  std::vector<prover::Blinding> rs;
  for (std::uint64_t k = 0; k < 2; ++k) {
    cuzk::test::RandomCircuit c = shape;
    c.witness_seed = 200 + k;
    circuits.push_back(prover::synthesize_for_proving(c));
    inputs.push_back(c.public_inputs());
    rs.push_back(blinding(30 + k));
  }
  const prover::InMemoryParameters source(params);
  CpuBackend cpu;
  CudaBackend gpu(kTestGpu);
  const auto cpu_proofs = prover::create_proofs(source, circuits, cpu, rs);
  const auto gpu_proofs = prover::create_proofs(source, circuits, gpu, rs);
  const prover::PreparedVerifyingKey pvk(params.vk);
  REQUIRE(gpu_proofs.size() == 2);
  for (std::size_t k = 0; k < gpu_proofs.size(); ++k) {
    INFO("proof " << k);
    CHECK(gpu_proofs[k] == cpu_proofs[k]);
    CHECK(prover::verify_proof(pvk, gpu_proofs[k], inputs[k]));
  }
  CHECK_FALSE(prover::verify_proof(pvk, gpu_proofs[0], inputs[1]));
}

TEST_CASE("cuda backend: quotient equals the CPU backend's" * doctest::skip(no_gpu())) {
  std::mt19937_64 rng(22);
  for (std::size_t m : {std::size_t{1}, std::size_t{1000}, std::size_t{70000}}) {
    INFO("m = " << m);
    std::vector<Fr> a(m), b(m), c(m);
    for (std::size_t i = 0; i < m; ++i) {
      a[i] = Fr::random(rng);
      b[i] = Fr::random(rng);
      c[i] = Fr::random(rng);  // not a*b: H need not vanish at the top for the comparison
    }
    CpuBackend cpu;
    CudaBackend gpu(kTestGpu);
    const auto want = cpu.quotient(a, b, c);
    const auto got = gpu.quotient(a, b, c);
    CHECK(got.size() == want.size());
    CHECK(got == want);
  }
}

TEST_CASE("cuda backend: batched G1 and G2 MSMs equal the CPU backend's" *
          doctest::skip(no_gpu())) {
  std::mt19937_64 rng(23);
  const std::size_t n = 6000;
  const prover::DensityBitmap density = random_density(n, rng);
  const auto g1 = random_points<bls12_381::G1Curve>(density.count(), rng);
  const auto g2 = random_points<bls12_381::G2Curve>(density.count(), rng);
  const auto s0 = mixed_scalars(n, rng), s1 = mixed_scalars(n, rng);
  const std::vector<ScalarSet> sets = {{s0, &density}, {s1, &density}};
  CpuBackend cpu;
  CudaBackend gpu(kTestGpu);
  CHECK(gpu.msm_g1(g1, sets) == cpu.msm_g1(g1, sets));
  CHECK(gpu.msm_g2(g2, sets) == cpu.msm_g2(g2, sets));

  // Without a density the scalars pair one to one; a count mismatch throws like the CPU's.
  const std::vector<ScalarLimbs> dense(s0.begin(), s0.begin() + density.count());
  const std::vector<ScalarSet> plain = {{dense, nullptr}};
  CHECK(gpu.msm_g1(g1, plain) == cpu.msm_g1(g1, plain));
  const std::vector<ScalarSet> short_set = {{std::span(dense).first(10), nullptr}};
  CHECK_THROWS_AS(gpu.msm_g1(g1, short_set), Error);
}

}  // namespace
}  // namespace cuzk::kernels::test

#endif  // CUZK_HAVE_CUDA
