// cuzk_bench_kernels: throughput of the CUDA kernels on the device at hand (CUDA-event times,
// data resident on the device unless a line says otherwise). `cuzk_bench_kernels quick` runs
// the small sizes only, `cuzk_bench_kernels ntt` the field products and the NTT rows only
// (`ntt 24`: that size only, e.g. under a profiler), `cuzk_bench_kernels msm 27` a window sweep
// of the G1 MSM at that size (the H query of a 32 GiB partition has 2^27 - 1 points;
// `msm 27 20 22`: those windows only).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "bls12_381/g1.hpp"
#include "bls12_381/g2.hpp"
#include "kernels/bench_support.hpp"
#include "kernels/device/gpu.hpp"
#include "kernels/msm/bases.hpp"
#include "kernels/msm/msm.hpp"
#include "kernels/ntt/ntt.hpp"

namespace {

using namespace cuzk;
using namespace cuzk::kernels;

// The device the benchmarks measure: the first.
constexpr Device kBenchGpu{0};

// Distinct curve points made on the CPU (k0 G + i k1 G), to be repeated on the device.
template <class Curve, class Mont>
std::vector<Mont> point_pattern(std::size_t n, std::uint64_t seed) {
  using Jacobian = bls12_381::JacobianPoint<Curve>;
  std::mt19937_64 rng(seed);
  Jacobian p = Jacobian::generator() * bls12_381::Fr::random(rng);
  const auto step = (Jacobian::generator() * bls12_381::Fr::random(rng)).to_affine();
  std::vector<Jacobian> jacobian(n);
  for (auto& q : jacobian) {
    q = p;
    p += step;
  }
  std::vector<bls12_381::AffinePoint<Curve>> affine(n);
  bls12_381::batch_to_affine<Curve>(jacobian, affine);
  std::vector<Mont> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    if constexpr (std::is_same_v<Mont, G1AffineMont>) {
      out[i] = {affine[i].x, affine[i].y};
    } else {
      out[i] = {{affine[i].x.c0, affine[i].x.c1}, {affine[i].y.c0, affine[i].y.c1}};
    }
  }
  return out;
}

// Uniform scalars below 2^254 (so below r), from a fast generator: the bench makes 2^27 of them.
std::vector<ScalarLimbs> random_scalars(std::size_t n, std::uint64_t seed, int ones_percent) {
  std::vector<ScalarLimbs> s(n);
  std::uint64_t x = seed;
  const auto next = [&x] {  // splitmix64
    std::uint64_t z = (x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  };
  for (auto& v : s) {
    if (ones_percent > 0) {
      const auto roll = next() % 100;
      if (roll < static_cast<std::uint64_t>(ones_percent)) {
        v = {next() & 1, 0, 0, 0};  // half zeros, half ones
        continue;
      }
    }
    v = {next(), next(), next(), next() & 0x3fffffffffffffffull};
  }
  return s;
}

void print_timings(const char* name, int log_n, const MsmTimings& t) {
  std::printf(
      "%-28s 2^%-2d %9.2f ms  (upload %.2f, digits %.2f, sort %.2f, buckets %.2f, reduce %.2f, "
      "ones %.2f)\n",
      name, log_n, t.total_ms, t.upload_ms, t.digits_ms, t.sort_ms, t.accumulate_ms, t.reduce_ms,
      t.batch_add_ms);
  std::fflush(stdout);
}

template <class Mont, class Msm>
void bench_msm(const char* name, const DeviceBases<Mont>& bases, int log_n, int ones_percent,
               int window_bits, Msm msm) {
  const auto scalars = random_scalars(std::size_t{1} << log_n, 1234 + log_n, ones_percent);
  MsmTimings t;
  MsmConfig config{.window_bits = window_bits, .timings = &t};
  (void)msm(bases, std::span<const ScalarLimbs>(scalars), config);  // warm-up
  MsmTimings best;
  best.total_ms = 1e30;
  for (int r = 0; r < 2; ++r) {
    (void)msm(bases, std::span<const ScalarLimbs>(scalars), config);
    if (t.total_ms < best.total_ms) best = t;
  }
  std::string label = name;
  if (window_bits != 0) label += " c=" + std::to_string(window_bits);
  print_timings(label.c_str(), log_n, best);
}

}  // namespace

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "quick") == 0;
  const bool ntt_only = argc > 1 && std::strcmp(argv[1], "ntt") == 0;
  const int ntt_only_log = ntt_only && argc > 2 ? std::atoi(argv[2]) : 0;  // one size (profiling)
  const bool msm_sweep = argc > 2 && std::strcmp(argv[1], "msm") == 0;
  std::printf("device: %s\n", gpu_description(kBenchGpu).c_str());
  if (!gpu_available(kBenchGpu)) return 0;
  if (msm_sweep) {
    const int log_n = std::atoi(argv[2]);
    const auto pattern = point_pattern<bls12_381::G1Curve, G1AffineMont>(1 << 12, 7);
    const auto bases = DeviceG1Bases::repeated(kBenchGpu, pattern, std::size_t{1} << log_n);
    const auto msm = [](const DeviceG1Bases& b, std::span<const ScalarLimbs> s,
                        const MsmConfig& c) { return msm_g1(b, s, c); };
    std::vector<int> windows;
    for (int i = 3; i < argc; ++i) windows.push_back(std::atoi(argv[i]));
    if (windows.empty()) windows = {16, 17, 18, 19, 20, 21};
    for (int c : windows) bench_msm("g1 msm random", bases, log_n, 0, c, msm);
    return 0;
  }

  std::printf("fr_mul  %.3g mul/s\n", field_mul_per_second(kBenchGpu, BenchField::kFr));
  std::printf("fp_mul  %.3g mul/s\n", field_mul_per_second(kBenchGpu, BenchField::kFp));
  std::printf("h2d pinned   %.1f GB/s (1 GiB)\n",
              host_to_device_gbps(kBenchGpu, std::size_t{1} << 30, true));
  std::printf("h2d pageable %.1f GB/s (1 GiB)\n",
              host_to_device_gbps(kBenchGpu, std::size_t{1} << 30, false));
  std::fflush(stdout);

  const int max_log = quick ? 20 : 27;
  for (int log_n : {20, 24, 27}) {
    if (log_n > max_log) break;
    if (ntt_only_log != 0 && log_n != ntt_only_log) continue;
    const int reps = log_n >= 27 ? 5 : 9;
    std::printf(
        "ntt forward       2^%d %9.2f ms\n", log_n,
        ntt_median_ms(kBenchGpu, log_n, NttDirection::kForward, NttDomain::kSubgroup, reps));
    if (ntt_only) {
      std::printf("ntt forward coset 2^%d %9.2f ms\n", log_n,
                  ntt_median_ms(kBenchGpu, log_n, NttDirection::kForward, NttDomain::kCoset, reps));
      std::printf(
          "ntt inverse       2^%d %9.2f ms\n", log_n,
          ntt_median_ms(kBenchGpu, log_n, NttDirection::kInverse, NttDomain::kSubgroup, reps));
    }
    std::printf("ntt inverse coset 2^%d %9.2f ms\n", log_n,
                ntt_median_ms(kBenchGpu, log_n, NttDirection::kInverse, NttDomain::kCoset, reps));
    std::printf("h quotient (6 NTT) 2^%d %9.2f ms\n", log_n,
                h_quotient_median_ms(kBenchGpu, log_n, 2));
    std::fflush(stdout);
  }
  if (ntt_only) return 0;

  const auto g1_pattern = point_pattern<bls12_381::G1Curve, G1AffineMont>(1 << 12, 7);
  const auto g1 = DeviceG1Bases::repeated(kBenchGpu, g1_pattern, std::size_t{1} << max_log);
  const auto g1_msm = [](const DeviceG1Bases& b, std::span<const ScalarLimbs> s,
                         const MsmConfig& c) { return msm_g1(b, s, c); };
  for (int log_n : {16, 20, 24, 26, 27}) {
    if (log_n > max_log) break;
    bench_msm("g1 msm random", g1, log_n, 0, 0, g1_msm);
  }
  if (!quick) {
    for (int c : {14, 18, 20}) bench_msm("g1 msm random", g1, 24, 0, c, g1_msm);
    for (int c : {15, 17, 18}) bench_msm("g1 msm random", g1, 26, 0, c, g1_msm);
    bench_msm("g1 msm 98% 0/1 (porep-like)", g1, 24, 98, 0, g1_msm);
    bench_msm("g1 msm 98% 0/1 (porep-like)", g1, 27, 98, 0, g1_msm);
  }
  for (int log_n : {20, 24, 27}) {
    if (log_n > max_log) break;
    std::vector<std::uint64_t> bitmap((std::size_t{1} << log_n) / 64);
    std::mt19937_64 rng(99);
    for (auto& w : bitmap) w = rng();  // half the points
    (void)batch_add_g1(g1, bitmap);
    const auto start = std::chrono::steady_clock::now();
    (void)batch_add_g1(g1, bitmap);
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::printf("g1 batch add 50%%            2^%-2d %9.2f ms (wall, incl. bitmap upload)\n", log_n,
                ms);
    std::fflush(stdout);
  }

  const int g2_max = quick ? 16 : 24;
  const auto g2_pattern = point_pattern<bls12_381::G2Curve, G2AffineMont>(1 << 10, 8);
  const auto g2 = DeviceG2Bases::repeated(kBenchGpu, g2_pattern, std::size_t{1} << g2_max);
  const auto g2_msm = [](const DeviceG2Bases& b, std::span<const ScalarLimbs> s,
                         const MsmConfig& c) { return msm_g2(b, s, c); };
  for (int log_n : {16, 22, 24}) {
    if (log_n > g2_max) break;
    bench_msm("g2 msm random", g2, log_n, 0, 0, g2_msm);
  }
  return 0;
}
