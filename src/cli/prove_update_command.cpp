// `cuzk prove-update`: a SnapDeals update proof for one sector, from its update input
// (docs/update-input.md, as `cuzk gen-update` writes it), through the pipeline's job queue
// (pipeline/job_queue.hpp) as `cuzk prove` proves a C1, on the GPU or the CPU.
//
//   cuzk prove-update UPDATE -o PROOF [--params-dir DIR] [--backend auto|cpu|gpu]
//                     [--gpu-memory-limit BYTES] [--verify-params] [--timings FILE.json] [-q|-v]
//                     [--progress auto|bar|plain]
//
// Reads the input, finds the update parameters (param_lookup.hpp; file names from
// porep/update/update_proof.hpp), checks every vanilla proof natively before any proving, proves
// every partition (on the CPU prover/update/update_prover.hpp, on the GPU
// pipeline/update_sector.hpp's witnesses in a GPU proving session), verifies the result against the
// parameters' verifying key and only then writes the proof: the partition proofs concatenated, 192
// bytes each, written atomically. Any failure is one line and exit 1, and leaves no output file
// behind.
#include <memory>
#include <string>

#include "cli/cli.hpp"
#include "cli/progress.hpp"
#include "cli/progress_bar.hpp"
#include "cli/prove_inputs.hpp"
#include "cli/single_job.hpp"
#include "pipeline/sector_job.hpp"

namespace cuzk::cli {
namespace {

void prove_update(const ProveOptions& o) {
  pipeline::SectorJob job;
  job.proof_type = pipeline::ProofType::kUpdate;
  job.input = o.input;
  job.output = o.output;
  Progress progress("cuzk prove-update", verbosity_from_flags(o.quiet, o.verbose),
                    progress_style(o.progress));
  const pipeline::JobReport report = prove_single_job(job, o, progress);
  progress.log("verify: valid against the input's comm_r_old, comm_d_new and comm_r_new");
  report_single_job(report, "prove-update", o, progress);
}

}  // namespace

void add_prove_update_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand(
      "prove-update", "Prove a SnapDeals sector update from its update input (GPU or CPU)");
  auto o = std::make_shared<ProveOptions>();
  cmd->add_option("update", o->input, "Update input file (cuzk gen-update; docs/update-input.md)")
      ->required();
  cmd->add_option("-o,--output", o->output, "Where to write the proof (192 bytes per partition)")
      ->required();
  add_params_dir_option(*cmd, *o);
  add_backend_options(*cmd, *o);
  cmd->add_flag("--verify-params", o->verify_params,
                "Check the .params file's digest against Filecoin's published one first");
  cmd->add_option("--timings", o->timings, "Write per-phase seconds to this JSON file");
  add_progress_option(*cmd, o->progress);
  auto* quiet = cmd->add_flag("-q,--quiet", o->quiet, "No progress on stderr");
  cmd->add_flag("-v,--verbose", o->verbose, "More detail on stderr: the parameter file, timings")
      ->excludes(quiet);
  cmd->callback([&exit_code, o] {
    prove_update(*o);
    exit_code = kExitSuccess;
  });
}

}  // namespace cuzk::cli
