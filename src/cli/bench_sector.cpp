// `cuzk bench sector`: one whole sector, end to end, for GPU runners and sealing operators (the
// design card's "CI smoke tests on GPU runners"; the 32 GiB rows of docs/benchmarks.md).
//
//   cuzk bench sector --registered-proof NAME [--params-dir DIR] [--device auto|cpu|gpu]
//                     [--backend auto|cpu|gpu] [--partitions-per-batch N]
//                     [--gpu-memory-limit BYTES] [--timings FILE.json]
//                     [-q]
//
// Finds the parameters (param_lookup.hpp) or, when there are none, generates INSECURE TEST ones
// there (prover/setup/test_parameters.hpp, on --device); makes a C1 in memory as `cuzk gen-c1`
// does (a really sealed sector up to 512 MiB, a sparse one above) for miner 1000, sector 1;
// proves it as `cuzk prove` does, self-verification included; verifies the proof again from the
// .vk file as `cuzk verify` does; prints the phase table on stdout. Nothing large is written
// besides the parameters.
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "bls12_381/encoding.hpp"
#include "cli/cli.hpp"
#include "cli/param_lookup.hpp"
#include "cli/progress.hpp"
#include "cli/registered_proof_option.hpp"
#include "cli/size_option.hpp"
#include "cli/timings.hpp"
#include "pipeline/backend_choice.hpp"
#include "pipeline/background_release.hpp"
#include "pipeline/porep_sector.hpp"
#include "pipeline/sector_prover.hpp"
#include "porep/c1_parser.hpp"
#include "porep/registered_proof.hpp"
#include "porep/replica_id.hpp"
#include "prover/backend_kind.hpp"
#include "prover/params/mapped_parameters.hpp"
#include "prover/params/parameter_files.hpp"
#include "prover/params/test_parameter_marker.hpp"
#include "prover/params/verifying_key.hpp"
#include "prover/seal/seal_prover.hpp"
#include "prover/seal/seal_verifier.hpp"
#include "prover/setup/test_parameters.hpp"
#include "sealing/c1_generator.hpp"
#include "sealing/c1_writer.hpp"
#include "util/error.hpp"
#include "util/os_random.hpp"
#include "util/process_memory.hpp"

namespace cuzk::cli {
namespace {

namespace seal = prover::seal;

// The sector proved: lotus-bench's `simple commit1` identity (miner t01000, ticket and seed
// 32 x 0x01), sector 1.
constexpr std::uint64_t kMinerId = 1000;
constexpr std::uint64_t kSectorId = 1;
constexpr std::uint8_t kRandomnessByte = 0x01;

struct BenchSectorOptions {
  std::string registered_proof;
  std::string params_dir;
  std::string device = "auto";
  std::string backend = "auto";
  std::uint32_t partitions_per_batch = seal::kDefaultPartitionsPerBatch;
  std::optional<std::size_t> gpu_memory_limit;
  std::string timings;
  bool quiet = false;
};

prover::BackendKind kind_option(const std::string& option, const std::string& value) {
  const auto kind = prover::backend_kind_from_name(value);
  if (!kind) throw CLI::ValidationError(option + " '" + value + "': expected auto, cpu or gpu");
  return *kind;
}

// Generates test parameters into `paths` unless both files are there.
void ensure_parameters(const BenchSectorOptions& o, porep::RegisteredSealProof proof,
                       const ParameterDir& dir, const prover::ParameterPaths& paths,
                       Progress& progress, TimingReport& timings) {
  std::error_code ec;
  const bool have_params = std::filesystem::is_regular_file(paths.params, ec);
  const bool have_vk = std::filesystem::is_regular_file(paths.vk, ec);
  const std::string name(porep::seal_proof_info(proof).name);
  if (have_params && have_vk) {
    const bool test_only = !prover::read_test_marker(paths.params).empty();
    progress.log("parameters found in " + dir.path.string() + " (" + dir.origin + ")" +
                 (test_only ? ", TEST ONLY" : ""));
    return;
  }
  if (have_params != have_vk) {
    throw Error(dir.path.string() + " holds only one of " + paths.params.filename().string() +
                " and its .vk; remove it or pass another --params-dir");
  }
  const prover::SetupDevice device = prover::choose_setup_device(kind_option("--device", o.device));
  std::filesystem::create_directories(dir.path, ec);
  if (ec) throw Error(dir.path.string() + ": cannot create the directory: " + ec.message());
  prover::TestParameterWriter writer(paths);
  progress.log("no parameters for " + name + " in " + dir.path.string() + " (" + dir.origin +
               "): generating INSECURE TEST parameters on the " +
               (device == prover::SetupDevice::kGpu ? "GPU" : "CPU"));
  OsRandom rng;
  const prover::TestSetupReport report = prover::write_seal_test_parameters(
      proof, prover::ToxicWaste::random(rng), writer, device,
      [&progress](const std::string& line) { progress.log("setup: " + line); });
  for (const auto& [phase, seconds] : report.phases) {
    timings.phases.emplace_back("setup_" + phase, seconds);
  }
  progress.log("wrote " + paths.params.string() + " (" + std::to_string(report.sizes.params) +
               " bytes) and its .vk");
}

porep::C1Output make_c1(porep::RegisteredSealProof proof, const porep::ProverId& prover_id) {
  sealing::GenerateC1Options g;
  g.proof = proof;
  g.identity.prover_id = prover_id;
  g.identity.sector_id = kSectorId;
  g.identity.ticket.fill(kRandomnessByte);
  g.seed.fill(kRandomnessByte);
  return porep::parse_c1(sealing::c1_inner_json(sealing::generate_c1(g)));
}

void bench_sector(const BenchSectorOptions& o) {
  const porep::RegisteredSealProof proof = registered_proof_option(o.registered_proof);
  const prover::BackendKind backend_kind = kind_option("--backend", o.backend);
  Progress progress("cuzk bench sector", verbosity_from_flags(o.quiet, false));
  TimingReport timings;
  timings.command = "bench sector";
  const porep::SealProofInfo& info = porep::seal_proof_info(proof);
  timings.registered_proof = std::string(info.name);
  const pipeline::BackendChoice choice = pipeline::choose_backend(backend_kind, info.sector_size);
  progress.log(choice.reason);

  const ParameterDir dir = parameter_dir(o.params_dir);
  const prover::ParameterPaths paths = prover::parameter_paths(dir.path, proof);
  ensure_parameters(o, proof, dir, paths, progress, timings);

  Stopwatch watch;
  const porep::ProverId prover_id = porep::prover_id_from_actor_id(kMinerId);
  const auto c1 = std::make_shared<const porep::C1Output>(make_c1(proof, prover_id));
  timings.phases.emplace_back("gen_c1", watch.seconds());
  timings.partitions = c1->partitions;
  progress.log("made a C1 for miner " + std::to_string(kMinerId) + ", sector " +
               std::to_string(kSectorId) + ": " + std::to_string(c1->partitions) + " partition(s)");

  watch = Stopwatch();
  const prover::MappedParameters params(paths.params, bls12_381::SubgroupCheck::kNo);
  timings.phases.emplace_back("load_params", watch.seconds());

  pipeline::ProvingOptions options;
  options.backend = backend_kind;
  options.gpu_memory_limit = o.gpu_memory_limit;
  options.cpu_partitions_per_batch = o.partitions_per_batch;
  options.observer = &progress;
  options.meter = progress.meter();
  pipeline::BackgroundRelease release;
  const std::unique_ptr<pipeline::SectorProver> prover =
      pipeline::make_sector_prover(choice, proof, {&params, &release, {}}, options);
  prover->submit({std::make_shared<const pipeline::PorepSector>(
                      c1, sealing::ProverSector{prover_id, kSectorId}, true),
                  nullptr});
  pipeline::SectorOutcome outcome = prover->collect();
  if (!outcome.result) throw Error(outcome.result.error().message);
  const std::vector<prover::Proof> proofs = std::move(outcome.result.value().proofs);
  timings.backend = outcome.timings.backend;
  timings.gpu_fault = outcome.timings.gpu_fault;
  timings.phases.insert(timings.phases.end(), outcome.timings.phases.begin(),
                        outcome.timings.phases.end());
  timings.partition_details = std::move(outcome.timings.partition_details);
  timings.totals = std::move(outcome.timings.totals);

  watch = Stopwatch();
  const prover::PreparedVerifyingKey pvk(prover::read_verifying_key_file(paths.vk));
  seal::SealStatement statement;
  statement.proof = c1->registered_proof;
  statement.comm_r = c1->comm_r;
  statement.comm_d = c1->comm_d;
  statement.prover_id = prover_id;
  statement.sector_id = kSectorId;
  statement.ticket = c1->ticket;
  statement.seed = c1->seed;
  const seal::SealVerdict verdict =
      seal::verify_seal(pvk, statement, prover::encode_proofs(proofs));
  if (!verdict.valid) {
    throw Error("the proof does not verify against " + paths.vk.string() + ": " + verdict.reason);
  }
  timings.phases.emplace_back("verify_vk", watch.seconds());
  timings.total_seconds = progress.elapsed_seconds();
  progress.log("valid: verified during proving and again from " + paths.vk.filename().string());
  timings.totals.emplace_back("peak_host_rss_bytes", static_cast<double>(peak_rss_bytes()));
  std::printf("%s, %u partition(s), backend %s\n%s", timings.registered_proof.c_str(),
              timings.partitions, timings.backend.c_str(), timings_table(timings).c_str());
  if (!o.timings.empty()) write_timings_file(o.timings, timings);
}

}  // namespace

void add_bench_sector_command(CLI::App& bench, int& exit_code) {
  auto* cmd = bench.add_subcommand(
      "sector",
      "One sector end to end: test parameters if none are found, a C1, prove, verify, timings");
  auto o = std::make_shared<BenchSectorOptions>();
  add_registered_proof_option(*cmd, o->registered_proof, "Registered seal proof")->required();
  cmd->add_option("--params-dir", o->params_dir,
                  "Parameter directory (else $FIL_PROOFS_PARAMETER_CACHE, else "
                  "/var/tmp/filecoin-proof-parameters); test parameters are generated there when "
                  "it has none");
  cmd->add_option("--device", o->device,
                  "Where a test setup runs: auto (the GPU when one is usable), cpu or gpu")
      ->check(CLI::IsMember({"auto", "cpu", "gpu"}));
  cmd->add_option("--backend", o->backend, "Prover backend, as for `cuzk prove`: auto, cpu or gpu")
      ->check(CLI::IsMember({"auto", "cpu", "gpu"}));
  cmd->add_option("--partitions-per-batch", o->partitions_per_batch,
                  "CPU backend: partitions synthesized and proved together (default 10; a 32 GiB "
                  "partition takes about 17 GB of host memory there)")
      ->check(CLI::Range(1, 100));
  cmd->add_option("--gpu-memory-limit", o->gpu_memory_limit,
                  "GPU backend: plan with at most this much GPU memory (e.g. 24GiB)")
      ->transform(positive_size());
  cmd->add_option("--timings", o->timings, "Also write the phase table to this JSON file");
  cmd->add_flag("-q,--quiet", o->quiet, "No progress on stderr");
  cmd->callback([&exit_code, o] {
    bench_sector(*o);
    exit_code = kExitSuccess;
  });
}

}  // namespace cuzk::cli
