// `cuzk prove`: C2 for one sector, as a sealing pipeline calls it.
//
//   cuzk prove C1 -o PROOF [--params-dir DIR] [--miner-id ID | --prover-id HEX] [--sector-id N]
//              [--backend auto|gpu|cpu] [--gpu-memory-limit BYTES] [--verify-params]
//              [--no-verify] [--timings FILE.json] [-q|-v] [--porep-id HEX] [--api-version X.Y.Z]
//
// Reads and validates the C1 output, finds the parameters (param_lookup.hpp), checks their
// header against the circuit (and with --verify-params their digest against Filecoin's published
// one), proves every partition on the GPU (pipeline/gpu_sector_prover.hpp) or the CPU
// (prover/seal/seal_prover.hpp), verifies the result and only then writes the proof: the
// partition proofs concatenated, 192 bytes each, written atomically. Any failure leaves no output
// file behind. --porep-id and --api-version name another network's (porep_options.hpp); -v says
// which were used.
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bls12_381/encoding.hpp"
#include "cli/cli.hpp"
#include "cli/id_options.hpp"
#include "cli/param_lookup.hpp"
#include "cli/porep_options.hpp"
#include "cli/progress.hpp"
#include "cli/sector_proving.hpp"
#include "cli/timings.hpp"
#include "pipeline/backend_choice.hpp"
#include "pipeline/background_release.hpp"
#include "porep/c1_parser.hpp"
#include "prover/mapped_parameters.hpp"
#include "prover/params_error.hpp"
#include "prover/seal/parameter_check.hpp"
#include "prover/seal/parameter_files.hpp"
#include "prover/seal/published_parameters.hpp"
#include "prover/seal/seal_prover.hpp"
#include "prover/seal/test_parameter_marker.hpp"
#include "util/atomic_file.hpp"
#include "util/error.hpp"
#include "util/process_memory.hpp"

namespace cuzk::cli {
namespace {

namespace seal = prover::seal;

struct ProveOptions {
  std::string c1;
  std::string output;
  std::string params_dir;
  ProverIdOptions ids;
  std::optional<std::uint64_t> sector_id;
  std::string backend = "auto";
  std::optional<std::size_t> gpu_memory_limit;
  bool verify_params = false;
  bool no_verify = false;
  std::string timings;
  bool quiet = false;
  bool verbose = false;
  PorepOptions porep;
};

// The sector the C1 belongs to, when the caller named its prover; the sector id then defaults
// to the C1 wrapper's SectorNum.
std::optional<sealing::ProverSector> prover_sector(const ProveOptions& o,
                                                   const porep::C1Output& c1) {
  const auto prover_id = resolve_prover_id(o.ids);
  if (!prover_id) {
    if (o.sector_id) throw CLI::ValidationError("--sector-id needs --miner-id or --prover-id");
    return std::nullopt;
  }
  const auto sector_id = o.sector_id ? o.sector_id : c1.sector_number;
  if (!sector_id) {
    throw CLI::ValidationError(
        "--sector-id is needed: the C1 file has no SectorNum (it is not the lotus wrapper)");
  }
  return sealing::ProverSector{*prover_id, *sector_id};
}

// --verify-params: the file's BLAKE2b digest must be the one Filecoin published (most of a
// minute for a 32 GiB sector's 47 GB file).
void verify_published_digest(const std::filesystem::path& file,
                             const seal::PublishedParameterFile& published,
                             const Progress& progress) {
  progress.log("parameters: hashing " + file.filename().string() + " (--verify-params)");
  const seal::ParameterFileCheck check = seal::check_parameter_file(file.parent_path(), published);
  switch (check.status) {
    case seal::ParameterFileStatus::kOk:
      progress.log("parameters: the published digest " + check.digest);
      return;
    case seal::ParameterFileStatus::kTestOnly:
      throw Error(file.string() + ": INSECURE TEST parameters (" +
                  seal::test_marker_path(file).filename().string() +
                  "), not Filecoin's published file");
    case seal::ParameterFileStatus::kCorrupt:
    case seal::ParameterFileStatus::kMissing:
      break;
  }
  throw Error(file.string() + ": digest " + check.digest + " is not the published " +
              std::string(published.digest) +
              " (a corrupt download or a foreign file; `cuzk params check` checks the cache)");
}

// A truncated download is the common corruption; say what to do about it.
prover::MappedParameters map_parameters(const std::filesystem::path& file) {
  try {
    return prover::MappedParameters(file, bls12_381::SubgroupCheck::kNo);
  } catch (const prover::ParamsError& e) {
    if (e.kind() != prover::ParamsErrorKind::kTruncated) throw;
    throw prover::ParamsError(e.kind(), std::string(e.what()) +
                                            " (a truncated download? `cuzk params check` "
                                            "compares the cache with the published digests)");
  }
}

void prove(const ProveOptions& o) {
  const auto backend_kind = pipeline::backend_kind_from_name(o.backend);
  if (!backend_kind) {
    throw CLI::ValidationError("--backend '" + o.backend + "': expected auto, cpu or gpu");
  }
  const porep::PorepOverrides overrides = parse_porep_overrides(o.porep);
  Progress progress("cuzk prove", verbosity_from_flags(o.quiet, o.verbose));
  TimingReport timings;

  Stopwatch watch;
  const porep::C1Output c1 = porep::load_c1_file(o.c1, porep::C1Checks::kFull, overrides);
  timings.phases.emplace_back("load_c1", watch.seconds());
  const porep::SealProofInfo& info = c1.info();
  timings.registered_proof = std::string(info.name);
  timings.partitions = c1.partitions;
  progress.log("read " + o.c1 + ": " + std::string(info.name) + ", " +
               std::to_string(c1.partitions) + " partition(s) of " +
               std::to_string(c1.challenges_per_partition) + " challenges");
  progress.detail(porep_summary(c1.registered_proof, c1.overrides));
  const auto sector = prover_sector(o, c1);
  const pipeline::BackendChoice choice = pipeline::choose_backend(*backend_kind, info.sector_size);
  timings.backend = choice.gpu ? "gpu" : "cpu";
  progress.log(choice.reason);

  watch = Stopwatch();
  const ParameterDir dir = parameter_dir(o.params_dir);
  const seal::ParameterPaths paths = seal::parameter_paths(dir.path, c1.registered_proof);
  require_parameter_file(paths.params, dir, std::string(info.name));
  if (o.verify_params) {
    verify_published_digest(paths.params, seal::published_seal_files(c1.registered_proof).params,
                            progress);
  } else if (!seal::read_test_marker(paths.params).empty()) {
    progress.log("parameters: " + seal::test_marker_path(paths.params).string() +
                 " marks INSECURE TEST parameters; proofs made with them fail on chain");
  }
  // Unchecked subgroup membership, as rust-fil-proofs reads its parameters; the verifying key is
  // checked fully either way. The header is checked against the circuit in prove_seal.
  const prover::MappedParameters params = map_parameters(paths.params);
  timings.phases.emplace_back("load_params", watch.seconds());
  progress.detail("parameters: " + paths.params.string());

  // Opened before proving, so an unwritable destination fails at once; removed on any failure.
  AtomicFile out(o.output);
  // Frees the big host buffers off the critical path; outlives the writing of the proof.
  pipeline::BackgroundRelease release;

  SectorProvingOptions proving;
  proving.sector = sector;
  proving.verify = !o.no_verify;
  proving.gpu_memory_limit = o.gpu_memory_limit;
  const SectorProofs result = prove_sector(choice, c1, params, proving, progress, timings, release);
  if (!result.verified) {
    progress.log("verify: skipped (--no-verify)");
  } else if (sector) {
    progress.log("verify: valid, with replica_id recomputed from the prover and sector ids");
  } else {
    progress.log(
        "verify: valid against the C1's replica_id (no --miner-id/--prover-id given, so the "
        "prover and sector ids were not checked)");
  }

  watch = Stopwatch();
  const std::vector<std::uint8_t> bytes = prover::encode_proofs(result.proofs);
  out.write(bytes);
  out.commit();
  timings.phases.emplace_back("write", watch.seconds());
  timings.total_seconds = progress.elapsed_seconds();
  timings.totals.emplace_back("peak_host_rss_bytes", static_cast<double>(peak_rss_bytes()));
  progress.log("wrote " + o.output + " (" + std::to_string(bytes.size()) + " bytes)");
  progress.detail("timings\n" + timings_table(timings));
  if (!o.timings.empty()) write_timings_file(o.timings, timings);
}

}  // namespace

void add_prove_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("prove", "Prove a sealed sector (C2) from its C1 output");
  auto o = std::make_shared<ProveOptions>();
  cmd->add_option("c1", o->c1, "C1 output (lotus wrapper or inner JSON)")->required();
  cmd->add_option("-o,--output", o->output, "Where to write the proof (192 bytes per partition)")
      ->required();
  cmd->add_option("--params-dir", o->params_dir,
                  "Parameter directory (else $FIL_PROOFS_PARAMETER_CACHE, else "
                  "/var/tmp/filecoin-proof-parameters)");
  add_prover_id_options(*cmd, o->ids);
  cmd->add_option("--sector-id", o->sector_id,
                  "Sector number (default: the C1 wrapper's SectorNum); with a prover id");
  cmd->add_option(
         "--backend", o->backend,
         "auto (the GPU when one is usable, else the CPU up to 512 MiB sectors), cpu or gpu")
      ->check(CLI::IsMember({"auto", "cpu", "gpu"}));
  cmd->add_option("--gpu-memory-limit", o->gpu_memory_limit,
                  "Plan with at most this much GPU memory (e.g. 24GiB); parameters that do not "
                  "fit are streamed in slices")
      ->transform(CLI::AsSizeValue(false));
  cmd->add_flag("--verify-params", o->verify_params,
                "Check the .params file's digest against Filecoin's published one first (most "
                "of a minute for 32 GiB)");
  cmd->add_flag("--no-verify", o->no_verify, "Skip verifying the proof before writing it");
  cmd->add_option("--timings", o->timings, "Write per-phase seconds to this JSON file");
  add_porep_options(*cmd, o->porep);
  auto* quiet = cmd->add_flag("-q,--quiet", o->quiet, "No progress on stderr");
  cmd->add_flag("-v,--verbose", o->verbose,
                "More detail on stderr: the parameter file, porep_id and API version")
      ->excludes(quiet);
  cmd->callback([&exit_code, o] {
    prove(*o);
    exit_code = kExitSuccess;
  });
}

}  // namespace cuzk::cli
