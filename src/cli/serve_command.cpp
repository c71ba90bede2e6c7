// `cuzk serve`: the proving daemon curio's scheduler talks to over gRPC (service
// cuzk.v1.ProvingEngine; serve/daemon.hpp, docs/serve.md).
//
//   cuzk serve [--listen unix:///run/cuzk.sock | HOST:PORT] [--allow-remote] [--params-dir DIR]
//              [--backend auto|gpu|cpu] [--gpu-memory-limit BYTES] [--verify-params]
//              [--preload CIRCUIT_ID]... [--keep-finished N] [-q|-v]
//
// The parameters are found as `cuzk prove` finds them (param_lookup.hpp) and kept between
// requests. The API has no authentication: the default address is 127.0.0.1:9820, and one that
// is neither a Unix socket nor a loopback host needs --allow-remote. SIGINT or SIGTERM cancels the
// queued jobs, stops the one in flight at its next step, answers every waiting call, removes the
// socket file and exits 0; a second signal ends the process at once.
#include <memory>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "cli/interrupt.hpp"
#include "cli/progress.hpp"
#include "cli/prove_inputs.hpp"
#include "serve/circuit_id.hpp"
#include "serve/daemon.hpp"
#include "serve/listen_address.hpp"

namespace cuzk::cli {
namespace {

struct ServeCommandOptions {
  std::string listen{serve::kDefaultListen};
  bool allow_remote = false;
  std::vector<std::string> preload;
  std::size_t keep_finished = serve::kDefaultKeepFinished;
  ProveOptions prove;  // the options proving shares with `cuzk prove`; c1, output, jobs unused
};

serve::ServeOptions serve_options(const ServeCommandOptions& o, Progress& progress,
                                  const InterruptHandler& interrupt) {
  serve::ServeOptions options;
  try {
    options.listen = serve::parse_listen_address(o.listen);
  } catch (const std::exception& e) {
    throw CLI::ValidationError(e.what());
  }
  if (!options.listen.local && !o.allow_remote) {
    throw CLI::ValidationError("--listen '" + o.listen +
                               "' is not a Unix socket or a loopback address; the API has no "
                               "authentication, so serving there needs --allow-remote");
  }
  for (const std::string& id : o.preload) {
    const auto kind = serve::circuit_for_id(id);
    if (!kind) {
      throw CLI::ValidationError("--preload '" + id + "' is not a circuit id; they are " +
                                 serve::circuit_ids());
    }
    options.preload.push_back(*kind);
  }
  options.keep_finished = o.keep_finished;
  // The meter drives a progress bar, which a daemon's log has no use for.
  options.worker.proving = proving_options(o.prove, progress, nullptr, &interrupt.requested());
  options.worker.load_parameters =
      parameter_loader(o.prove.params_dir, o.prove.verify_params, progress);
  return options;
}

}  // namespace

void add_serve_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand(
      "serve", "Serve proofs over gRPC (cuzk.v1.ProvingEngine, as curio's [Cuzk] Address calls)");
  auto o = std::make_shared<ServeCommandOptions>();
  cmd->add_option("--listen", o->listen,
                  "Where to listen: unix:///PATH (a Unix socket) or HOST:PORT (port 0: any free "
                  "one). The API has no authentication")
      ->capture_default_str();
  cmd->add_flag("--allow-remote", o->allow_remote,
                "Allow a --listen address that is neither a Unix socket nor loopback: anyone who "
                "reaches it can use the prover");
  add_params_dir_option(*cmd, o->prove);
  add_backend_options(*cmd, o->prove);
  cmd->add_flag("--verify-params", o->prove.verify_params,
                "Check each .params file's digest against Filecoin's published one as it is "
                "loaded (refuses test parameters)");
  cmd->add_option("--preload", o->preload,
                  "Load these parameters before the first request: " + serve::circuit_ids())
      ->type_name("CIRCUIT_ID");
  cmd->add_option("--keep-finished", o->keep_finished,
                  "Ended jobs kept, with their proofs, for AwaitProof and resubmissions")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  auto* quiet = cmd->add_flag("-q,--quiet", o->prove.quiet, "Only warnings and errors on stderr");
  cmd->add_flag("-v,--verbose", o->prove.verbose, "More detail on stderr")->excludes(quiet);
  cmd->callback([&exit_code, o] {
    const InterruptHandler interrupt;
    Progress progress("cuzk serve", verbosity_from_flags(o->prove.quiet, o->prove.verbose));
    serve::run_daemon(serve_options(*o, progress, interrupt), interrupt.requested());
    progress.log("stopped");
    exit_code = kExitSuccess;
  });
}

}  // namespace cuzk::cli
