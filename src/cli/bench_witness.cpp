// `cuzk bench witness`: the native witness generator against the generic one (the gadgets through
// WitnessCS) on the same partitions of a C1 made as gen-c1 makes it (really sealed up to 512 MiB,
// a sparse replica above). Prints one line per generator (wall seconds, M aux values/s, and per
// thread), then their ratio; fails if the two witnesses differ. With --partition-heaps, the
// native generator also runs as the GPU path runs it, each partition's witness in a mimalloc heap
// of its own (pipeline/partition_heap.hpp), and the time its release thread takes to free them.
//
//   cuzk bench witness --registered-proof StackedDrg8MiBV1_1 [--partitions K] [--threads T]
//                      [--repeat N] [--partition-heaps]
#include <omp.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "circuit/stacked/native_witness.hpp"
#include "circuit/stacked/synthesize_witness.hpp"
#include "cli/bench_witness_support.hpp"
#include "cli/c1_defaults.hpp"
#include "cli/cli.hpp"
#include "cli/registered_proof_option.hpp"
#include "pipeline/background_release.hpp"
#include "porep/c1_parser.hpp"
#include "porep/registered_proof.hpp"
#include "sealing/c1_generator.hpp"
#include "sealing/c1_writer.hpp"
#include "util/error.hpp"

namespace cuzk::cli {
namespace {

namespace stacked = circuit::stacked;
using bls12_381::Fr;

struct WitnessBenchOptions {
  std::string registered_proof;
  std::uint32_t partitions = 0;  // 0: all of the proof's
  int threads = 0;               // 0: OpenMP's default
  std::uint32_t repeat = 1;      // runs of each generator; the fastest is reported
  bool partition_heaps = false;  // the native generator once more, into partition heaps
};

porep::C1Output make_c1(porep::RegisteredSealProof proof) {
  sealing::GenerateC1Options g;
  g.proof = proof;
  g.identity.prover_id = porep::prover_id_from_actor_id(kDefaultMinerId);
  g.identity.sector_id = kDefaultSectorId;
  g.identity.ticket = *sealing::domain_from_hex(kDefaultRandomness);
  g.seed = *sealing::domain_from_hex(kDefaultRandomness);
  return porep::parse_c1(sealing::c1_inner_json(sealing::generate_c1(g)));
}

// The native generator with each partition's witness in a heap of its own, as the GPU session
// runs it (its witnesses must equal `expected`), then the release of those witnesses.
void bench_partition_heaps(std::span<const stacked::StackedCircuit> circuits,
                           const stacked::PartitionLayout& layout,
                           const stacked::NativeWitnessPlan& plan,
                           std::span<const circuit::CompactWitness> expected, int threads,
                           std::uint32_t repeat) {
  pipeline::BackgroundRelease release;
  auto [in_heaps, seconds] = fastest_of(repeat, [&] {
    std::vector<circuit::CompactWitness> out(circuits.size());
    stacked::native_witnesses(
        circuits, layout, plan,
        [&](std::size_t k, circuit::CompactWitness&& w) { out[k] = std::move(w); },
        [&](std::size_t) { return release.new_heap(); });
    return out;
  });
  for (std::size_t k = 0; k < circuits.size(); ++k) {
    if (!(in_heaps[k] == expected[k])) {
      throw Error("bench witness: partition " + std::to_string(k) +
                  ": the witness in a heap differs from the one without");
    }
  }
  release.drain();
  const double busy_before = release.busy_seconds();
  const auto start = std::chrono::steady_clock::now();
  for (circuit::CompactWitness& w : in_heaps) release.release(std::move(w));
  release.drain();
  std::fprintf(stderr,
               "cuzk: %zu partition(s) freed on the release thread in %.2f ms (its own time "
               "%.2f ms), each heap destroyed whole\n",
               circuits.size(), seconds_since(start) * 1e3,
               (release.busy_seconds() - busy_before) * 1e3);
  print_witness_row("heaps", seconds, circuits.size() * layout.total().num_aux, threads);
}

void bench_witness(const WitnessBenchOptions& o) {
  const porep::RegisteredSealProof proof = registered_proof_option(o.registered_proof);
  if (o.threads > 0) omp_set_num_threads(o.threads);
  const int threads = omp_get_max_threads();

  auto start = std::chrono::steady_clock::now();
  const porep::C1Output c1 = make_c1(proof);
  const std::uint32_t partitions = o.partitions ? o.partitions : c1.partitions;
  if (partitions > c1.partitions) {
    throw CLI::ValidationError("--partitions: the proof has " + std::to_string(c1.partitions));
  }
  std::vector<stacked::StackedCircuit> circuits;
  for (std::uint32_t k = 0; k < partitions; ++k) {
    circuits.push_back(stacked::circuit_from_c1(c1, k));
  }
  const stacked::PartitionLayout layout = stacked::partition_layout(circuits.front().shape);
  // The plan (SHA-256 programs) is made once per shape, as a prover of many sectors makes it.
  const stacked::NativeWitnessPlan plan(circuits.front().shape);
  const std::size_t aux = partitions * layout.total().num_aux;
  const std::string_view name = porep::seal_proof_info(proof).name;
  std::fprintf(stderr,
               "cuzk: %.*s, %u partition(s) of %zu aux values, %d thread(s); C1, layout and "
               "native plan in %.1f s\n",
               static_cast<int>(name.size()), name.data(), partitions, layout.total().num_aux,
               threads, seconds_since(start));

  const auto [native, native_seconds] =
      fastest_of(o.repeat, [&] { return stacked::native_witnesses(circuits, layout, plan); });
  if (o.partition_heaps) bench_partition_heaps(circuits, layout, plan, native, threads, o.repeat);
  const auto [generic, generic_seconds] =
      fastest_of(o.repeat, [&] { return stacked::synthesize_witnesses(circuits, layout); });
  for (std::uint32_t k = 0; k < partitions; ++k) {
    if (!(native[k] == generic[k])) {
      throw Error("bench witness: partition " + std::to_string(k) +
                  ": the native witness differs from the generic one");
    }
  }
  report_compact_size(native.front(), "partition 0's");
  print_witness_row("native", native_seconds, aux, threads);
  print_witness_row("generic", generic_seconds, aux, threads);
  std::printf("ratio    %9.2f (native over generic, aux values/s)\n",
              generic_seconds / native_seconds);
}

}  // namespace

void add_bench_witness_command(CLI::App& bench, int& exit_code) {
  auto* cmd = bench.add_subcommand(
      "witness", "Native witness generation against the generic one (WitnessCS), same partitions");
  auto o = std::make_shared<WitnessBenchOptions>();
  add_registered_proof_option(*cmd, o->registered_proof, "Registered seal proof")->required();
  cmd->add_option("--partitions", o->partitions, "Partitions 0..K-1 (default: all)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--threads", o->threads, "OpenMP threads (default: OpenMP's)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--repeat", o->repeat, "Run each generator N times, report the fastest")
      ->check(CLI::PositiveNumber);
  cmd->add_flag("--partition-heaps", o->partition_heaps,
                "Run the native generator once more with each partition in a mimalloc heap of "
                "its own, as the GPU path does");
  cmd->callback([&exit_code, o] {
    bench_witness(*o);
    exit_code = kExitSuccess;
  });
}

}  // namespace cuzk::cli
