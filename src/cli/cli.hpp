// The command line: the only layer that reads argv, the environment and the terminal.
#pragma once

#include <CLI/CLI.hpp>

namespace cuzk::cli {

// Exit codes shared by every subcommand. `verify` uses kExitFailure for "invalid".
inline constexpr int kExitSuccess = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;

// Parses argv and runs the subcommand. Every failure is reported here as one line on stderr:
// usage errors exit kExitUsage, anything else (out of memory included) kExitFailure.
int run(int argc, char** argv);

// Each subcommand lives in its own file and registers itself here. The callback stored on the
// subcommand sets the process exit code through `exit_code`.
void add_bench_command(CLI::App& app, int& exit_code);
void add_bench_witness_command(CLI::App& bench, int& exit_code);         // under `bench`
void add_bench_update_witness_command(CLI::App& bench, int& exit_code);  // under `bench`
void add_bench_sector_command(CLI::App& bench, int& exit_code);          // under `bench`
void add_circuit_command(CLI::App& app, int& exit_code);
void add_gen_c1_command(CLI::App& app, int& exit_code);
void add_gen_update_command(CLI::App& app, int& exit_code);
void add_check_c1_command(CLI::App& app, int& exit_code);
void add_prove_command(CLI::App& app, int& exit_code);
void add_verify_command(CLI::App& app, int& exit_code);
void add_prove_update_command(CLI::App& app, int& exit_code);
void add_verify_update_command(CLI::App& app, int& exit_code);
void add_public_inputs_command(CLI::App& app, int& exit_code);
void add_params_command(CLI::App& app, int& exit_code);
void add_serve_command(CLI::App& app, int& exit_code);

}  // namespace cuzk::cli
