// `cuzk bench bls`: nanoseconds per operation of the CPU arithmetic, one thread. `cuzk bench
// witness` is in bench_witness.cpp, `cuzk bench update-witness` in bench_update_witness.cpp,
// `cuzk bench sector` (a whole sector) in bench_sector.cpp.
#include <cstdio>
#include <memory>
#include <random>

#include "bls12_381/encoding.hpp"
#include "bls12_381/fields.hpp"
#include "bls12_381/pairing.hpp"
#include "cli/cli.hpp"
#include "util/bench_timer.hpp"

namespace cuzk::cli {
namespace {

using bls12_381::Fp;
using bls12_381::Fp12;
using bls12_381::Fp2;
using bls12_381::Fr;
using bls12_381::G1Affine;
using bls12_381::G1Jacobian;
using bls12_381::G2Affine;
using bls12_381::G2Jacobian;

void print_row(const char* name, double ns) { std::printf("%-22s %12.1f ns/op\n", name, ns); }

template <class Rng, class Iters>
void bench_curves(Rng& rng, const Iters& iters) {
  G1Jacobian g1_acc = G1Jacobian::generator() * Fr::random(rng);
  const G1Jacobian g1_b = G1Jacobian::generator() * Fr::random(rng);
  const G1Affine g1_b_affine = g1_b.to_affine();
  print_row("g1_add", ns_per_op(iters(1e6), [&] { g1_acc += g1_b; }));
  print_row("g1_mixed_add", ns_per_op(iters(1e6), [&] { g1_acc += g1_b_affine; }));
  print_row("g1_double", ns_per_op(iters(1e6), [&] { g1_acc = g1_acc.doubled(); }));
  const Fr scalar = Fr::random(rng);
  print_row("g1_scalar_mul", ns_per_op(iters(2e3), [&] { g1_acc = g1_acc * scalar; }));
  print_row("g1_scalar_mul_const_time",
            ns_per_op(iters(1e3), [&] { g1_acc = g1_acc.mul_constant_time(scalar); }));
  const G1Affine g1_point = g1_acc.to_affine();
  print_row("g1_subgroup_check",
            ns_per_op(iters(2e3), [&] { do_not_optimize(is_in_subgroup(g1_point)); }));
  const auto g1_bytes = bls12_381::encode_compressed(g1_point);
  print_row(
      "g1_decompress_checked", ns_per_op(iters(2e3), [&] {
        do_not_optimize(bls12_381::decode_g1_compressed(g1_bytes, bls12_381::SubgroupCheck::kYes));
      }));
  do_not_optimize(g1_acc);

  G2Jacobian g2_acc = G2Jacobian::generator() * Fr::random(rng);
  const G2Jacobian g2_b = G2Jacobian::generator() * Fr::random(rng);
  const G2Affine g2_b_affine = g2_b.to_affine();
  print_row("g2_add", ns_per_op(iters(3e5), [&] { g2_acc += g2_b; }));
  print_row("g2_mixed_add", ns_per_op(iters(3e5), [&] { g2_acc += g2_b_affine; }));
  print_row("g2_double", ns_per_op(iters(3e5), [&] { g2_acc = g2_acc.doubled(); }));
  print_row("g2_scalar_mul", ns_per_op(iters(5e2), [&] { g2_acc = g2_acc * scalar; }));
  print_row("g2_scalar_mul_const_time",
            ns_per_op(iters(3e2), [&] { g2_acc = g2_acc.mul_constant_time(scalar); }));
  const G2Affine g2_point = g2_acc.to_affine();
  print_row("g2_subgroup_check",
            ns_per_op(iters(5e2), [&] { do_not_optimize(is_in_subgroup(g2_point)); }));
  do_not_optimize(g2_acc);

  const bls12_381::G2Prepared prepared(g2_point);
  Fp12 f = Fp12::one();
  print_row("g2_prepare", ns_per_op(iters(5e2), [&] {
              do_not_optimize(bls12_381::G2Prepared(g2_point).lines().size());
            }));
  print_row("miller_loop",
            ns_per_op(iters(2e2), [&] { f *= bls12_381::miller_loop(g1_point, prepared); }));
  print_row("final_exponentiation",
            ns_per_op(iters(2e2), [&] { f = bls12_381::final_exponentiation(f).value(); }));
  print_row("pairing",
            ns_per_op(iters(1e2), [&] { f *= bls12_381::pairing(g1_point, g2_point).value(); }));
  do_not_optimize(f);
}

void bench_bls(double scale) {
  std::mt19937_64 rng(42);
  auto iters = [scale](double base) { return static_cast<std::size_t>(base * scale) + 1; };

  Fp fp_acc = Fp::random(rng);
  const Fp fp_b = Fp::random(rng);
  print_row("fp_mul", ns_per_op(iters(2e7), [&] { fp_acc *= fp_b; }));
  print_row("fp_square", ns_per_op(iters(2e7), [&] { fp_acc = fp_acc.square(); }));
  print_row("fp_add", ns_per_op(iters(5e7), [&] { fp_acc += fp_b; }));
  print_row("fp_inverse", ns_per_op(iters(2e4), [&] { fp_acc = fp_acc.inverse() + fp_b; }));
  do_not_optimize(fp_acc);

  Fr fr_acc = Fr::random(rng);
  const Fr fr_b = Fr::random(rng);
  print_row("fr_mul", ns_per_op(iters(2e7), [&] { fr_acc *= fr_b; }));
  print_row("fr_inverse", ns_per_op(iters(2e4), [&] { fr_acc = fr_acc.inverse() + fr_b; }));
  do_not_optimize(fr_acc);

  Fp2 fp2_acc = Fp2::random(rng);
  const Fp2 fp2_b = Fp2::random(rng);
  print_row("fp2_mul", ns_per_op(iters(5e6), [&] { fp2_acc *= fp2_b; }));
  print_row("fp2_square", ns_per_op(iters(5e6), [&] { fp2_acc = fp2_acc.square(); }));
  do_not_optimize(fp2_acc);
  Fp12 fp12_acc = Fp12::random(rng);
  const Fp12 fp12_b = Fp12::random(rng);
  print_row("fp12_mul", ns_per_op(iters(2e5), [&] { fp12_acc *= fp12_b; }));
  print_row("fp12_square", ns_per_op(iters(2e5), [&] { fp12_acc = fp12_acc.square(); }));
  do_not_optimize(fp12_acc);

  bench_curves(rng, iters);
}

}  // namespace

void add_bench_command(CLI::App& app, int& exit_code) {
  auto* bench = app.add_subcommand(
      "bench", "Benchmarks: the CPU arithmetic, witness synthesis, a whole sector end to end");
  bench->require_subcommand(1);
  add_bench_sector_command(*bench, exit_code);
  auto* bls = bench->add_subcommand("bls", "BLS12-381 field, curve and pairing operations");
  // The options outlive this function: CLI11 writes them during parse, the callback reads them.
  auto scale = std::make_shared<double>(1.0);
  bls->add_option("--scale", *scale, "Multiply every iteration count by this factor")
      ->check(CLI::PositiveNumber);
  bls->callback([&exit_code, scale] {
    bench_bls(*scale);
    exit_code = kExitSuccess;
  });
  add_bench_witness_command(*bench, exit_code);
  add_bench_update_witness_command(*bench, exit_code);
}

}  // namespace cuzk::cli
