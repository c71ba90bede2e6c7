// `cuzk gen-update`: writes a valid update input file (docs/update-input.md) for any registered
// update proof, for tests and benchmarks of SnapDeals proving: 2 KiB and 8 MiB old sectors are
// really sealed (as gen-c1 seals them) and then encoded with pseudo-random new data; larger ones
// get a structured replica whose trees are hashed per repeating pattern (sealing/update).
//
//   cuzk gen-update (--registered-update-proof StackedDrg32GiBV1 | --sector-size 32GiB) -o
//   update.json
//                   [--data-seed N] [--new-data-seed N] [--miner-id ID | --prover-id HEX]
//                   [--sector-id N] [--ticket HEX] [--method auto|seal|structured]
//
// Every partition is verified natively before the file is committed. Prints comm_r_old,
// comm_d_new and comm_r_new, one per line.
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

#include "cli/c1_defaults.hpp"
#include "cli/cli.hpp"
#include "cli/id_options.hpp"
#include "cli/registered_proof_option.hpp"
#include "cli/size_option.hpp"
#include "porep/replica_id.hpp"
#include "porep/update/update_input_json.hpp"
#include "porep/update/verify_partition.hpp"
#include "sealing/update/update_generator.hpp"
#include "util/atomic_file.hpp"
#include "util/error.hpp"
#include "util/hex.hpp"

namespace cuzk::cli {
namespace {

namespace update = porep::update;

struct GenUpdateOptions {
  std::string registered_proof;
  std::uint64_t sector_size = 0;
  std::string output;
  std::uint64_t data_seed = 0;
  std::uint64_t new_data_seed = 1;
  ProverIdOptions ids;
  std::uint64_t sector_id = kDefaultSectorId;
  std::string ticket{kDefaultRandomness};
  std::string method = "auto";
};

update::RegisteredUpdateProof resolve_proof(const GenUpdateOptions& o) {
  if (!o.registered_proof.empty()) return registered_update_proof_option(o.registered_proof);
  const auto proof = update::update_proof_from_sector_size(o.sector_size);
  if (!proof) {
    throw CLI::ValidationError("--sector-size " + std::to_string(o.sector_size) +
                               " has no registered update proof; they are " +
                               update::update_proof_names(", "));
  }
  return *proof;
}

sealing::GenerateUpdateOptions resolve(const GenUpdateOptions& o) {
  sealing::GenerateUpdateOptions g;
  g.proof = resolve_proof(o);
  g.data_seed = o.data_seed;
  g.new_data_seed = o.new_data_seed;
  g.identity.prover_id =
      resolve_prover_id(o.ids).value_or(porep::prover_id_from_actor_id(kDefaultMinerId));
  g.identity.sector_id = o.sector_id;
  g.identity.ticket = parse_hex32("--ticket", o.ticket);
  if (o.method == "seal") {
    g.method = sealing::UpdateReplicaMethod::kSeal;
  } else if (o.method == "structured") {
    g.method = sealing::UpdateReplicaMethod::kStructured;
  } else if (o.method != "auto") {
    throw CLI::ValidationError("--method must be auto, seal or structured");
  }
  return g;
}

}  // namespace

void add_gen_update_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand(
      "gen-update",
      "Write a valid SnapDeals update input: a sealed small sector or a structured large one, "
      "encoded with new data");
  auto o = std::make_shared<GenUpdateOptions>();
  // --registered-proof, the name it had first, still works.
  auto* proof =
      add_registered_update_proof_option(*cmd, o->registered_proof, "Registered update proof",
                                         "--registered-update-proof,--registered-proof");
  auto* size = cmd->add_option("--sector-size", o->sector_size, "Sector size, e.g. 2KiB or 32GiB")
                   ->transform(positive_size());
  proof->excludes(size);
  cmd->add_option("-o,--output", o->output, "Output update input file")->required();
  cmd->add_option("--data-seed", o->data_seed, "Seed of the old sector's data (or replica)");
  cmd->add_option("--new-data-seed", o->new_data_seed, "Seed of the new data (default 1)");
  add_prover_id_options(*cmd, o->ids)->default_str(std::to_string(kDefaultMinerId));
  cmd->add_option("--sector-id", o->sector_id, "Sector number (default 1)");
  cmd->add_option("--ticket", o->ticket, "Ticket of the old sector, 32 bytes in hex");
  cmd->add_option("--method", o->method,
                  "auto (seal up to 8 MiB, structured above), seal (up to 512 MiB) or structured");
  cmd->callback([&exit_code, o, proof, size] {
    if (proof->count() == 0 && size->count() == 0) {
      throw CLI::ValidationError("give --registered-update-proof or --sector-size");
    }
    const sealing::GenerateUpdateOptions g = resolve(*o);
    const auto start = std::chrono::steady_clock::now();
    const update::UpdateInput input = sealing::generate_update(g);
    if (auto why = update::check_all_partitions(input.statement(0), input.partitions)) {
      throw Error("the generated update does not verify: " + *why);
    }
    const std::string text = update::update_input_json(input);
    AtomicFile out(o->output);
    out.write(std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
    out.commit();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("comm_r_old %s\n", to_hex(input.comm_r_old).c_str());
    std::printf("comm_d_new %s\n", to_hex(input.comm_d_new).c_str());
    std::printf("comm_r_new %s\n", to_hex(input.comm_r_new).c_str());
    std::fprintf(stderr, "cuzk: wrote %s (%zu bytes, %s) in %.2f s\n", o->output.c_str(),
                 text.size(), std::string(input.info().name).c_str(), seconds);
    exit_code = kExitSuccess;
  });
}

}  // namespace cuzk::cli
