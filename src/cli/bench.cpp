// `cuzk bench bls`: nanoseconds per operation of the CPU arithmetic, one thread.
#include <cstdio>
#include <memory>
#include <random>

#include "bls12_381/fields.hpp"
#include "cli/cli.hpp"
#include "util/bench_timer.hpp"

namespace cuzk::cli {
namespace {

using bls12_381::Fp;
using bls12_381::Fr;

void print_row(const char* name, double ns) { std::printf("%-22s %12.1f ns/op\n", name, ns); }

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
}

}  // namespace

void add_bench_command(CLI::App& app, int& exit_code) {
  auto* bench = app.add_subcommand("bench", "Benchmarks of the CPU arithmetic (ns per operation)");
  bench->require_subcommand(1);
  auto* bls = bench->add_subcommand("bls", "BLS12-381 field, curve and pairing operations");
  // The options outlive this function: CLI11 writes them during parse, the callback reads them.
  auto scale = std::make_shared<double>(1.0);
  bls->add_option("--scale", *scale, "Multiply every iteration count by this factor")
      ->check(CLI::PositiveNumber);
  bls->callback([&exit_code, scale] {
    bench_bls(*scale);
    exit_code = kExitSuccess;
  });
}

}  // namespace cuzk::cli
