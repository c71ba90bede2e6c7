// `cuzk gen-c1`: writes a valid C1 file (the lotus/curio wrapper around filecoin-ffi's JSON) for
// any registered proof, for tests and benchmarks: 2 KiB, 8 MiB and 512 MiB sectors are really
// sealed from pseudo-random data, 32 and 64 GiB ones get a sparse consistent replica.
//
//   cuzk gen-c1 --registered-proof StackedDrg32GiBV1_1 -o c1.json [--data-seed N]
//               [--miner-id ID | --prover-id HEX] [--sector-id N] [--ticket HEX] [--seed HEX]
//               [--porep-id HEX] [--api-version X.Y.Z] [-v]
//
// Prints replica_id, comm_d, comm_r, prover_id and sector_id, one per line, so that the proof can
// be verified later with the same identity. A sector sealed under another network's porep_id or
// API version (porep_options.hpp) needs the same options again for check-c1, prove and verify:
// the C1 file cannot record them. -v says which were used.
#include <chrono>
#include <cstdio>
#include <limits>
#include <memory>
#include <optional>
#include <string>

#include "cli/c1_defaults.hpp"
#include "cli/cli.hpp"
#include "cli/id_options.hpp"
#include "cli/porep_options.hpp"
#include "cli/registered_proof_option.hpp"
#include "porep/registered_proof.hpp"
#include "porep/replica_id.hpp"
#include "sealing/c1_generator.hpp"
#include "sealing/c1_writer.hpp"
#include "util/atomic_file.hpp"
#include "util/hex.hpp"

namespace cuzk::cli {
namespace {

struct GenC1Options {
  std::string registered_proof;
  std::string output;
  std::uint64_t data_seed = 0;
  ProverIdOptions ids;
  std::uint64_t sector_id = kDefaultSectorId;
  std::string ticket{kDefaultRandomness};
  std::string seed{kDefaultRandomness};
  std::string method = "auto";
  bool inner = false;
  PorepOptions porep;
  bool verbose = false;
};

sealing::GenerateC1Options resolve(const GenC1Options& o) {
  sealing::GenerateC1Options g;
  g.proof = registered_proof_option(o.registered_proof);
  g.data_seed = o.data_seed;
  g.identity.prover_id =
      resolve_prover_id(o.ids).value_or(porep::prover_id_from_actor_id(kDefaultMinerId));
  g.identity.sector_id = o.sector_id;
  if (!o.inner &&
      o.sector_id > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
    throw CLI::ValidationError("--sector-id does not fit the wrapper's SectorNum (a Go int64)");
  }
  g.identity.ticket = parse_hex32("--ticket", o.ticket);
  g.seed = parse_hex32("--seed", o.seed);
  if (porep::is_zero(g.seed)) throw CLI::ValidationError("--seed must not be zero");
  if (o.method == "seal") {
    g.method = sealing::ReplicaMethod::kSeal;
  } else if (o.method == "sparse") {
    g.method = sealing::ReplicaMethod::kSparse;
  } else if (o.method != "auto") {
    throw CLI::ValidationError("--method must be auto, seal or sparse");
  }
  g.overrides = parse_porep_overrides(o.porep);
  check_porep_overrides(g.overrides, g.proof);
  return g;
}

}  // namespace

void add_gen_c1_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand(
      "gen-c1", "Write a valid C1 file: a really sealed small sector, or a sparse 32/64 GiB one");
  auto o = std::make_shared<GenC1Options>();
  add_registered_proof_option(*cmd, o->registered_proof, "Registered seal proof")->required();
  cmd->add_option("-o,--output", o->output, "Output C1 file")->required();
  cmd->add_option("--data-seed", o->data_seed, "Seed of the pseudo-random sector data");
  add_prover_id_options(*cmd, o->ids)->default_str(std::to_string(kDefaultMinerId));
  cmd->add_option("--sector-id", o->sector_id, "Sector number (default 1)");
  cmd->add_option("--ticket", o->ticket, "Ticket, 32 bytes in hex (default 32 x 01)");
  cmd->add_option("--seed", o->seed, "Interactive seed, 32 bytes in hex (default 32 x 01)");
  cmd->add_option("--method", o->method,
                  "auto (seal up to 512 MiB, sparse above), seal or sparse (interactive only)");
  cmd->add_flag("--inner", o->inner, "Write the inner SealCommitPhase1Output JSON, no wrapper");
  add_porep_options(*cmd, o->porep);
  cmd->add_flag("-v,--verbose", o->verbose, "Say which porep_id and API version were used");
  cmd->callback([&exit_code, o] {
    const sealing::GenerateC1Options g = resolve(*o);
    if (o->verbose) {
      std::fprintf(stderr, "cuzk gen-c1: %s\n", porep_summary(g.proof, g.overrides).c_str());
    }
    const auto start = std::chrono::steady_clock::now();
    const sealing::SealCommitOutput c1 = sealing::generate_c1(g);
    const std::string inner = sealing::c1_inner_json(c1);
    const std::string text =
        o->inner ? inner
                 : sealing::c1_wrapper_json(inner, g.identity.sector_id,
                                            porep::seal_proof_info(g.proof).sector_size);
    AtomicFile out(o->output);
    out.write(std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
    out.commit();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("replica_id %s\n", to_hex(c1.replica_id).c_str());
    std::printf("comm_d %s\n", to_hex(c1.comm_d).c_str());
    std::printf("comm_r %s\n", to_hex(c1.comm_r).c_str());
    std::printf("prover_id %s\n", to_hex(g.identity.prover_id).c_str());
    std::printf("sector_id %llu\n", static_cast<unsigned long long>(g.identity.sector_id));
    std::fprintf(stderr, "cuzk: wrote %s (%zu bytes) in %.2f s\n", o->output.c_str(), text.size(),
                 seconds);
    exit_code = kExitSuccess;
  });
}

}  // namespace cuzk::cli
