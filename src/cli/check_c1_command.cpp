// `cuzk check-c1`: verifies every vanilla proof of a C1 file natively (sealing/
// c1_validator.hpp) and names the first failure.
//
//   cuzk check-c1 c1.json [--prover-id HEX | --miner-id ID] [--sector-id N]
//                 [--porep-id HEX] [--api-version X.Y.Z] [-v]
//
// Prints "valid" and exits 0, or "invalid: <file>: <where>: <what>" and exits 1; usage errors exit
// 2. With a prover (or miner) id and a sector id, replica_id is recomputed from them too.
// Challenges, parents and replica_id follow another network's porep_id and API version when given
// (porep_options.hpp); -v says which were used.
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include "cli/cli.hpp"
#include "cli/id_options.hpp"
#include "cli/porep_options.hpp"
#include "porep/c1_parser.hpp"
#include "sealing/c1_validator.hpp"
#include "util/error.hpp"

namespace cuzk::cli {
namespace {

struct CheckC1Options {
  std::string path;
  ProverIdOptions ids;
  std::optional<std::uint64_t> sector_id;
  PorepOptions porep;
  bool verbose = false;
};

std::optional<sealing::ProverSector> prover_sector(const CheckC1Options& o) {
  const std::optional<porep::ProverId> prover_id = resolve_prover_id(o.ids);
  if (prover_id.has_value() != o.sector_id.has_value()) {
    throw CLI::ValidationError("give --sector-id together with --prover-id or --miner-id");
  }
  if (!prover_id) return std::nullopt;
  return sealing::ProverSector{.prover_id = *prover_id, .sector_id = *o.sector_id};
}

}  // namespace

void add_check_c1_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("check-c1", "Verify every vanilla proof of a C1 file natively");
  auto o = std::make_shared<CheckC1Options>();
  cmd->add_option("c1", o->path, "C1 file (lotus/curio wrapper or inner JSON)")->required();
  add_prover_id_options(*cmd, o->ids);
  cmd->add_option("--sector-id", o->sector_id, "Sector number");
  add_porep_options(*cmd, o->porep);
  cmd->add_flag("-v,--verbose", o->verbose, "Say which porep_id and API version were used");
  cmd->callback([&exit_code, o] {
    const std::optional<sealing::ProverSector> sector = prover_sector(*o);
    const porep::PorepOverrides overrides = parse_porep_overrides(o->porep);
    std::optional<std::string> problem;
    try {
      const porep::C1Output c1 =
          porep::load_c1_file(o->path, porep::C1Checks::kStructure, overrides);
      check_porep_overrides(overrides, c1.registered_proof);  // a usage error: not caught here
      if (o->verbose) {
        std::fprintf(stderr, "cuzk check-c1: %s\n",
                     porep_summary(c1.registered_proof, overrides).c_str());
      }
      if (const auto defect = sealing::find_c1_defect(c1, sector)) problem = defect->message();
    } catch (const Error& e) {
      problem = e.what();
    }
    if (problem) {
      std::printf("invalid: %s\n", problem->c_str());
      exit_code = kExitFailure;
    } else {
      std::printf("valid\n");
      exit_code = kExitSuccess;
    }
  });
}

}  // namespace cuzk::cli
