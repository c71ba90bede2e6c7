#include <cstdio>
#include <exception>
#include <new>
#include <string>

#include "cli/cli.hpp"
#include "cli/cuda_fault_setting.hpp"
#include "util/error.hpp"

namespace cuzk::cli {
namespace {

// The command line's deepest command when it is only a group of commands and none of them was
// named (a bare `cuzk`, or `cuzk params`); nullptr otherwise.
const CLI::App* group_without_command(CLI::App& app) {
  CLI::App* deepest = &app;
  while (!deepest->get_subcommands().empty()) deepest = deepest->get_subcommands().front();
  const bool is_group = !deepest->get_subcommands([](const CLI::App*) { return true; }).empty();
  return is_group ? deepest : nullptr;
}

// "cuzk params": the names from the top of the line down to `command`.
std::string command_line_of(const CLI::App& command) {
  const CLI::App* parent = command.get_parent();
  return parent ? command_line_of(*parent) + " " + command.get_name() : command.get_name();
}

}  // namespace

int run(int argc, char** argv) {
  CLI::App app{"cuzk: Groth16 prover for Filecoin PoRep commit phase 2 (C2) and SnapDeals updates",
               "cuzk"};
  app.set_version_flag("--version", "cuzk " CUZK_VERSION);
  app.require_subcommand(1);
  app.fallthrough(false);

  int exit_code = kExitSuccess;
  add_bench_command(app, exit_code);
  add_circuit_command(app, exit_code);
  add_gen_c1_command(app, exit_code);
  add_gen_update_command(app, exit_code);
  add_check_c1_command(app, exit_code);
  add_prove_command(app, exit_code);
  add_verify_command(app, exit_code);
  add_prove_update_command(app, exit_code);
  add_verify_update_command(app, exit_code);
  add_public_inputs_command(app, exit_code);
  add_params_command(app, exit_code);
  add_serve_command(app, exit_code);

  try {
    arm_cuda_fault_from_environment();
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::RequiredError& e) {
    // CLI11 says "A subcommand is required"; say where the commands are listed instead.
    if (const CLI::App* group = group_without_command(app)) {
      std::fprintf(stderr, "cuzk: no command given; `%s --help` lists them\n",
                   command_line_of(*group).c_str());
    } else {
      std::fprintf(stderr, "cuzk: %s\n", e.what());
    }
    return kExitUsage;
  } catch (const CLI::ParseError& e) {
    // One line on stderr, exit code 2, as for every usage error.
    std::fprintf(stderr, "cuzk: %s\n", e.what());
    return kExitUsage;
  } catch (const std::bad_alloc&) {
    // Named, because std::bad_alloc's own text says nothing a storage provider can act on.
    std::fprintf(stderr, "cuzk: out of host memory (an allocation failed)\n");
    return kExitFailure;
  } catch (const std::exception& e) {
    // Every other failure of a subcommand: one line, exit 1.
    std::fprintf(stderr, "cuzk: %s\n", e.what());
    return kExitFailure;
  }
  return exit_code;
}

}  // namespace cuzk::cli
