// `cuzk prove-update`: a SnapDeals update proof for one sector, from its update input
// (docs/update-input.md, as `cuzk gen-update` writes it), on the CPU.
//
//   cuzk prove-update UPDATE -o PROOF [--params-dir DIR] [--backend auto|cpu|gpu]
//                     [--verify-params] [--timings FILE.json] [-q|-v] [--progress auto|bar|plain]
//
// Reads the input, finds the update parameters (param_lookup.hpp; file names from
// porep/update/update_proof.hpp), checks every vanilla proof natively before any proving, proves
// every partition (prover/update/update_prover.hpp), verifies the result against the parameters'
// verifying key and only then writes the proof: the partition proofs concatenated, 192 bytes
// each, written atomically. Any failure is one line and exit 1, and leaves no output file behind.
// The GPU does not prove update proofs yet: --backend gpu says so and fails, auto takes the CPU.
#include <memory>
#include <string>

#include "cli/cli.hpp"
#include "cli/progress.hpp"
#include "cli/progress_bar.hpp"
#include "cli/prove_inputs.hpp"
#include "cli/timings.hpp"
#include "porep/update/update_input_json.hpp"
#include "prover/backend_kind.hpp"
#include "prover/cpu_backend.hpp"
#include "prover/proof.hpp"
#include "prover/update/update_prover.hpp"
#include "util/atomic_file.hpp"
#include "util/error.hpp"
#include "util/output_refusal.hpp"
#include "util/process_memory.hpp"

namespace cuzk::cli {
namespace {

namespace pu = porep::update;

struct ProveUpdateOptions {
  std::string input;
  std::string output;
  std::string params_dir;
  std::string backend = "auto";
  bool verify_params = false;
  std::string timings;
  bool quiet = false;
  bool verbose = false;
  std::string progress = "auto";  // --progress (progress_bar.hpp)
};

// The phases in the order they ran, each with its seconds.
TimingReport update_timings(const pu::UpdateInput& input,
                            const prover::update::UpdateProofResult& result) {
  TimingReport report;
  report.command = "prove-update";
  report.registered_proof = std::string(input.info().name);
  report.partitions = input.info().partitions;
  report.backend = "cpu";
  for (std::size_t p = 0; p < result.seconds.size(); ++p) {
    report.phases.emplace_back(
        std::string(prover::seal::phase_name(static_cast<prover::seal::SealPhase>(p))),
        result.seconds[p]);
  }
  return report;
}

void prove_update(const ProveUpdateOptions& o) {
  if (backend_kind_option(o.backend) == prover::BackendKind::kGpu) {
    throw Error(
        "--backend gpu: update proofs are not supported on the GPU yet (auto or cpu "
        "proves them on the CPU)");
  }
  if (const auto refusal = output_refusal(o.output, o.input, "update input")) {
    throw Error(*refusal);
  }
  Progress progress("cuzk prove-update", verbosity_from_flags(o.quiet, o.verbose),
                    progress_style(o.progress));
  // Opened first: an unwritable directory fails before minutes of proving.
  AtomicFile out(o.output);
  const pu::UpdateInput input =
      pu::load_update_input_file(o.input, pu::UpdateInputChecks::kStructure);
  progress.log("read " + o.input + ": " + std::string(input.info().name) + ", " +
               std::to_string(input.info().partitions) + " partition(s) of " +
               std::to_string(input.info().challenges_per_partition) + " challenges");
  progress.log("backend: cpu (the GPU does not prove update proofs yet)");
  const prover::MappedParameters params =
      load_update_parameters(o.params_dir, input.proof, o.verify_params, progress);

  prover::CpuBackend backend(progress.meter());
  const prover::update::UpdateProofResult result =
      prover::update::prove_update(input, params, backend, {.verify = true, .observer = &progress});
  out.write(prover::encode_proofs(result.proofs));
  out.commit();

  progress.log("verify: valid against the input's comm_r_old, comm_d_new and comm_r_new");
  TimingReport timings = update_timings(input, result);
  timings.total_seconds = progress.elapsed_seconds();
  timings.totals.emplace_back("peak_host_rss_bytes", static_cast<double>(peak_rss_bytes()));
  progress.log("wrote " + o.output + " (" +
               std::to_string(result.proofs.size() * prover::kProofBytes) + " bytes)");
  progress.detail("timings\n" + timings_table(timings));
  if (!o.timings.empty()) write_timings_file(o.timings, timings);
}

}  // namespace

void add_prove_update_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand(
      "prove-update", "Prove a SnapDeals sector update from its update input (on the CPU)");
  auto o = std::make_shared<ProveUpdateOptions>();
  cmd->add_option("update", o->input, "Update input file (cuzk gen-update; docs/update-input.md)")
      ->required();
  cmd->add_option("-o,--output", o->output, "Where to write the proof (192 bytes per partition)")
      ->required();
  cmd->add_option("--params-dir", o->params_dir,
                  "Parameter directory (else $FIL_PROOFS_PARAMETER_CACHE, else "
                  "/var/tmp/filecoin-proof-parameters)");
  cmd->add_option("--backend", o->backend,
                  "auto or cpu (the CPU); gpu is refused: the GPU does not prove update proofs yet")
      ->check(CLI::IsMember({"auto", "cpu", "gpu"}));
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
