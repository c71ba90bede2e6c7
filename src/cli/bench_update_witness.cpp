// `cuzk bench update-witness`: the native witness of one EmptySectorUpdate partition
// (circuit/update/native_update_witness.hpp) against the sequential one, a WitnessCS synthesizing
// the gadgets in order, on a partition of an update input file (`cuzk gen-update` writes one).
// Prints the plan's time, one line per generator (wall seconds, M aux values/s, per thread), their
// ratio and the compact witness's bytes; fails if the two witnesses differ.
//
//   cuzk bench update-witness --input update.json [--partition K] [--threads T] [--repeat N]
//                             [--native-only]
#include <omp.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <utility>

#include "circuit/update/from_vanilla.hpp"
#include "circuit/update/native_update_witness.hpp"
#include "circuit/update/update_circuit.hpp"
#include "circuit/witness_cs.hpp"
#include "cli/bench_witness_support.hpp"
#include "cli/cli.hpp"
#include "porep/update/update_input_json.hpp"
#include "util/error.hpp"

namespace cuzk::cli {
namespace {

namespace update = circuit::update;

struct UpdateWitnessBenchOptions {
  std::string input;
  std::uint32_t partition = 0;
  int threads = 0;           // 0: OpenMP's default
  std::uint32_t repeat = 1;  // runs of each generator; the fastest is reported
  bool native_only = false;  // skip the sequential WitnessCS (tens of seconds at 32 GiB)
};

void bench_update_witness(const UpdateWitnessBenchOptions& o) {
  if (o.threads > 0) omp_set_num_threads(o.threads);
  const int threads = omp_get_max_threads();

  auto start = std::chrono::steady_clock::now();
  const porep::update::UpdateInput input =
      porep::update::load_update_input_file(o.input, porep::update::UpdateInputChecks::kStructure);
  if (o.partition >= input.partitions.size()) {
    throw CLI::ValidationError("--partition: the update has " +
                               std::to_string(input.partitions.size()) + " partitions");
  }
  const update::UpdateCircuit circuit =
      update::circuit_from_vanilla(input.statement(o.partition), input.partitions[o.partition]);
  const double load_seconds = seconds_since(start);
  start = std::chrono::steady_clock::now();
  const update::NativeUpdateWitnessPlan plan(circuit.shape);
  const std::string name(update::sector_size_name(circuit.shape.sector_nodes));
  std::fprintf(stderr,
               "cuzk: %s update, partition %u: %zu aux values, %zu constraints, %zu stretches; "
               "input read in %.1f s, plan made in %.3f s\n",
               name.c_str(), o.partition, plan.total().num_aux, plan.total().num_constraints,
               plan.tasks().size(), load_seconds, seconds_since(start));

  const auto [native, native_seconds] =
      fastest_of(o.repeat, [&] { return update::native_update_witness(plan, circuit); });
  report_compact_size(native, "the partition's");
  print_witness_row("native", native_seconds, native.num_aux, threads);
  if (o.native_only) return;

  const auto [sequential, sequential_seconds] = fastest_of(o.repeat, [&] {
    circuit::WitnessCS cs;
    update::synthesize(cs, circuit);
    return std::move(cs).finish();
  });
  if (!(native == sequential)) {
    throw Error("bench update-witness: the native witness differs from the sequential one");
  }
  print_witness_row("WitnessCS", sequential_seconds, native.num_aux, 1);
  std::printf("ratio    %9.2f (sequential WitnessCS seconds over native)\n",
              sequential_seconds / native_seconds);
}

}  // namespace

void add_bench_update_witness_command(CLI::App& bench, int& exit_code) {
  auto* cmd = bench.add_subcommand(
      "update-witness",
      "A SnapDeals partition's native witness against the sequential WitnessCS one");
  auto o = std::make_shared<UpdateWitnessBenchOptions>();
  cmd->add_option("--input", o->input, "Update input file (cuzk gen-update writes one)")
      ->required();
  cmd->add_option("--partition", o->partition, "Partition index (default 0)");
  cmd->add_option("--threads", o->threads, "OpenMP threads (default: OpenMP's)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--repeat", o->repeat, "Run each generator N times, report the fastest")
      ->check(CLI::PositiveNumber);
  cmd->add_flag("--native-only", o->native_only, "Skip the sequential WitnessCS synthesis");
  cmd->callback([&exit_code, o] {
    bench_update_witness(*o);
    exit_code = kExitSuccess;
  });
}

}  // namespace cuzk::cli
