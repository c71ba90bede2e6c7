// `cuzk prove`: C2 for one sector, as a sealing pipeline calls it, or for a list of sectors in
// one process (--jobs, prove_jobs.hpp). Both hand their jobs to the pipeline's job queue
// (pipeline/job_queue.hpp), which proves them on the GPU or the CPU.
//
//   cuzk prove C1 -o PROOF [--params-dir DIR] [--miner-id ID | --prover-id HEX] [--sector-id N]
//              [--backend auto|gpu|cpu] [--gpu-memory-limit BYTES] [--verify-params]
//              [--no-verify] [--timings FILE.json] [-q|-v] [--porep-id HEX] [--api-version X.Y.Z]
//   cuzk prove --jobs FILE|- [the same options but C1, -o and --sector-id]
//
// Reads and validates the C1 output, finds the parameters (param_lookup.hpp), checks their
// header against the circuit (and with --verify-params their digest against Filecoin's published
// one), proves every partition on the GPU or the CPU (pipeline/sector_prover.hpp), verifies the
// result and only then writes the proof: the partition proofs concatenated, 192 bytes each,
// written atomically. Any failure leaves no output file behind. --porep-id and --api-version name
// another network's (porep_options.hpp); -v says which were used.
#include <memory>
#include <string>

#include "cli/cli.hpp"
#include "cli/id_options.hpp"
#include "cli/porep_options.hpp"
#include "cli/progress.hpp"
#include "cli/prove_inputs.hpp"
#include "cli/prove_jobs.hpp"
#include "cli/single_job.hpp"
#include "pipeline/job_queue.hpp"
#include "pipeline/sector_job.hpp"

namespace cuzk::cli {
namespace {

void prove(const ProveOptions& o) {
  pipeline::SectorJob job;
  job.input = o.input;
  job.overrides = parse_porep_overrides(o.porep);
  job.identity = sector_identity(o.ids, o.sector_id);
  job.output = o.output;
  job.verify = !o.no_verify;
  Progress progress("cuzk prove", verbosity_from_flags(o.quiet, o.verbose),
                    progress_style(o.progress));
  const pipeline::JobReport report = prove_single_job(job, o, progress);
  if (!report.verified) {
    progress.log("verify: skipped (--no-verify)");
  } else if (job.identity.prover_id) {
    progress.log("verify: valid, with replica_id recomputed from the prover and sector ids");
  } else {
    progress.log(
        "verify: valid against the C1's replica_id (no --miner-id/--prover-id given, so the "
        "prover and sector ids were not checked)");
  }
  report_single_job(report, "prove", o, progress);
}

}  // namespace

void add_prove_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("prove", "Prove a sealed sector (C2) from its C1 output");
  auto o = std::make_shared<ProveOptions>();
  auto* c1 = cmd->add_option("c1", o->input,
                             "C1 output (lotus wrapper or inner JSON); required without --jobs");
  auto* output = cmd->add_option(
      "-o,--output", o->output,
      "Where to write the proof (192 bytes per partition); required without --jobs");
  cmd->add_option("--jobs", o->jobs,
                  "Prove many sectors in one process, one job per line of FILE (- for stdin, "
                  "read as lines arrive): C1_PATH OUTPUT_PATH [--miner-id ID | --prover-id HEX] "
                  "[--sector-id N] [--porep-id HEX], or UPDATE_PATH OUTPUT_PATH --update for a "
                  "SnapDeals update proof (cuzk prove-update's input); blank lines and # comments "
                  "are skipped. The other options apply to every job (--miner-id, --prover-id, "
                  "--porep-id and --api-version as defaults of the PoRep jobs); the parameters "
                  "stay loaded while the registered proof stays the same. One line per job; exit "
                  "0 only when every job succeeded")
      ->type_name("FILE|-")
      ->excludes(c1)
      ->excludes(output);
  add_params_dir_option(*cmd, *o);
  add_prover_id_options(*cmd, o->ids);
  cmd->add_option(
      "--sector-id", o->sector_id,
      "Sector number (default: the C1 wrapper's SectorNum); with a prover id; with --jobs, "
      "on the job lines only");
  add_backend_options(*cmd, *o);
  cmd->add_flag("--verify-params", o->verify_params,
                "Check the .params file's digest against Filecoin's published one first (most "
                "of a minute for 32 GiB)");
  cmd->add_flag("--no-verify", o->no_verify, "Skip verifying the proof before writing it");
  cmd->add_option(
      "--timings", o->timings,
      "Write per-phase seconds to this JSON file (with --jobs: per job, and a summary)");
  add_porep_options(*cmd, o->porep);
  add_progress_option(*cmd, o->progress);
  auto* quiet = cmd->add_flag("-q,--quiet", o->quiet, "No progress on stderr");
  cmd->add_flag("-v,--verbose", o->verbose,
                "More detail on stderr: the parameter file, porep_id and API version")
      ->excludes(quiet);
  cmd->callback([&exit_code, o] {
    if (!o->jobs.empty()) {
      if (o->sector_id)
        throw CLI::ValidationError("--sector-id: with --jobs, give it on a job line");
      exit_code = prove_jobs(*o);
      return;
    }
    if (o->input.empty()) throw CLI::ValidationError("c1: a C1 file is required (or --jobs FILE)");
    if (o->output.empty()) throw CLI::ValidationError("--output is required");
    prove(*o);
    exit_code = kExitSuccess;
  });
}

}  // namespace cuzk::cli
