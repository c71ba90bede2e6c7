// Timings of the CPU prover's parts: G1 and G2 MSMs (random scalars, and witness-like scalars that
// are 90% bits), NTTs, and a whole prove call on a synthetic circuit. The parameters of the last
// are random points of the right lengths, not a setup: the time is a real proof's, the proof is
// not valid. Usage: cuzk_bench_prover [max_log_msm=20] [max_log_ntt=22] [log_prove_constraints=18]
#include <omp.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "bls12_381/curve.hpp"
#include "prover/cpu_backend.hpp"
#include "prover/evaluation_domain.hpp"
#include "prover/msm_cpu.hpp"
#include "prover/ntt.hpp"
#include "prover/prover.hpp"
#include "util/bench_timer.hpp"

namespace {

using namespace cuzk::prover;
using cuzk::bls12_381::AffinePoint;
using cuzk::bls12_381::Fr;
using cuzk::bls12_381::JacobianPoint;

double seconds_of(auto&& body) {
  const auto start = std::chrono::steady_clock::now();
  body();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Distinct points by repeated addition of a random step (one addition per point).
template <class Curve>
std::vector<AffinePoint<Curve>> random_points(std::size_t n, std::mt19937_64& rng) {
  using J = JacobianPoint<Curve>;
  std::vector<AffinePoint<Curve>> out(n);
  const J step = J::generator() * Fr::random(rng);
  constexpr std::size_t kChunk = 1 << 14;
  const auto chunks = static_cast<std::int64_t>((n + kChunk - 1) / kChunk);
  std::vector<J> starts(static_cast<std::size_t>(chunks));
  for (auto& s : starts) s = J::generator() * Fr::random(rng);
#pragma omp parallel for schedule(dynamic, 1)
  for (std::int64_t c = 0; c < chunks; ++c) {
    const std::size_t begin = static_cast<std::size_t>(c) * kChunk;
    const std::size_t end = std::min(n, begin + kChunk);
    std::vector<J> jac(end - begin);
    J p = starts[static_cast<std::size_t>(c)];
    for (auto& q : jac) {
      q = p;
      p += step;
    }
    cuzk::bls12_381::batch_to_affine<Curve>(jac, std::span(out).subspan(begin, end - begin));
  }
  return out;
}

std::vector<ScalarLimbs> random_scalars(std::size_t n, bool witness_like, std::mt19937_64& rng) {
  std::vector<ScalarLimbs> out(n);
  for (auto& s : out) {
    const bool bit = witness_like && rng() % 10 != 0;
    s = (bit ? Fr::from_u64(rng() & 1) : Fr::random(rng)).to_canonical();
  }
  return out;
}

template <class Curve>
void bench_msm(const char* name, unsigned max_log, std::mt19937_64& rng) {
  const auto bases = random_points<Curve>(std::size_t{1} << max_log, rng);
  for (unsigned log = 16; log <= max_log; log += 2) {
    const std::size_t n = std::size_t{1} << log;
    const std::span<const AffinePoint<Curve>> b(bases.data(), n);
    for (bool witness_like : {false, true}) {
      const auto scalars = random_scalars(n, witness_like, rng);
      JacobianPoint<Curve> r;
      const double s = seconds_of([&] { r = msm<AffinePoint<Curve>>(b, scalars); });
      cuzk::do_not_optimize(r);
      std::printf("| msm %s | 2^%u | %s | %.3f s | %.2f us/point |\n", name, log,
                  witness_like ? "90% bits" : "random", s, 1e6 * s / static_cast<double>(n));
      std::fflush(stdout);
    }
  }
}

void bench_ntt(unsigned max_log, std::mt19937_64& rng) {
  for (unsigned log = 16; log <= max_log; log += 2) {
    const auto d = EvaluationDomain::of_log_size(log);
    std::vector<Fr> v(d.size());
    for (auto& x : v) x = Fr::random(rng);
    const double fwd = seconds_of([&] { ntt(v, d, Direction::kForward); });
    const double coset = seconds_of([&] { coset_intt(v, d); });
    std::printf("| ntt | 2^%u | forward | %.3f s | coset inverse %.3f s |\n", log, fwd, coset);
    std::fflush(stdout);
  }
}

// A circuit shaped like a witness of bits: every third aux is a product, the rest are bits.
struct BitsCircuit {
  std::size_t constraints;
  template <class CS>
  void operator()(CS& cs) const {
    using cuzk::circuit::LinearCombination;
    using cuzk::circuit::Variable;
    const Variable x = cs.alloc_input("x", [] { return Fr::from_u64(3); });
    Variable prev = x;
    Fr prev_value = Fr::from_u64(3);
    for (std::size_t j = 0; j < constraints; ++j) {
      if (j % 3 == 0) {
        const Fr v = prev_value * prev_value;
        const Variable p = cs.alloc("sq", [&] { return v; });
        cs.enforce("sq", LinearCombination(prev), LinearCombination(prev), LinearCombination(p));
        prev = p;
        prev_value = v;
      } else {
        const Variable b = cs.alloc("bit", [&] { return Fr::from_u64(j & 1); });
        cs.enforce("bit", LinearCombination(Variable::one()).sub(b), LinearCombination(b),
                   LinearCombination());
      }
    }
  }
};

void bench_prove(unsigned log_constraints, std::mt19937_64& rng) {
  const std::size_t n = (std::size_t{1} << log_constraints) - 2;  // + 2 input constraints
  std::vector<cuzk::circuit::ProvingCS> circuits;
  const double synth =
      seconds_of([&] { circuits.push_back(synthesize_for_proving(BitsCircuit{n})); });
  const VectorLengths len = lengths_for_circuit(circuits[0]);
  Parameters p;
  p.vk.alpha_g1 = random_points<cuzk::bls12_381::G1Curve>(1, rng)[0];
  p.vk.beta_g1 = p.vk.delta_g1 = p.vk.alpha_g1;
  p.vk.beta_g2 = random_points<cuzk::bls12_381::G2Curve>(1, rng)[0];
  p.vk.gamma_g2 = p.vk.delta_g2 = p.vk.beta_g2;
  const auto g1 = random_points<cuzk::bls12_381::G1Curve>(
      std::max({len.ic, len.h, len.l, len.a, len.b_g1}), rng);
  auto take = [&](std::size_t k) {
    return std::vector(g1.begin(), g1.begin() + static_cast<long>(k));
  };
  p.vk.ic = take(len.ic);
  p.h = take(len.h);
  p.l = take(len.l);
  p.a = take(len.a);
  p.b_g1 = take(len.b_g1);
  p.b_g2 = random_points<cuzk::bls12_381::G2Curve>(len.b_g2, rng);
  CpuBackend cpu;
  std::vector<Proof> proofs;
  const double prove =
      seconds_of([&] { proofs = create_proofs(InMemoryParameters(p), circuits, cpu); });
  cuzk::do_not_optimize(proofs);
  std::printf(
      "| prove | 2^%u constraints (h %zu, l %zu, a %zu, b %zu) | synthesis %.2f s | prove %.2f s "
      "|\n",
      log_constraints, len.h, len.l, len.a, len.b_g1, synth, prove);
}

}  // namespace

int main(int argc, char** argv) {
  const unsigned max_log_msm = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 20;
  const unsigned max_log_ntt = argc > 2 ? static_cast<unsigned>(std::atoi(argv[2])) : 22;
  const unsigned log_prove = argc > 3 ? static_cast<unsigned>(std::atoi(argv[3])) : 18;
  std::printf("cuzk_bench_prover: %d OpenMP threads\n", omp_get_max_threads());
  std::printf("| what | size | case | time | rate |\n|---|---|---|---|---|\n");
  std::mt19937_64 rng(1);
  bench_ntt(max_log_ntt, rng);
  bench_msm<cuzk::bls12_381::G1Curve>("G1", max_log_msm, rng);
  bench_msm<cuzk::bls12_381::G2Curve>("G2", max_log_msm, rng);
  if (log_prove > 0) bench_prove(log_prove, rng);
  return 0;
}
