#include "cli/statement_options.hpp"

#include "cli/registered_proof_option.hpp"
#include "porep/c1_parser.hpp"
#include "porep/registered_proof.hpp"
#include "sealing/c1_validator.hpp"

namespace cuzk::cli {

void add_statement_options(CLI::App& cmd, StatementOptions& o) {
  auto* c1 = cmd.add_option("--c1", o.c1,
                            "Take registered proof, comm_r, comm_d, ticket and seed from this "
                            "C1 output");
  auto* name = add_registered_proof_option(cmd, o.registered_proof, "Registered seal proof");
  auto* comm_r = cmd.add_option("--comm-r", o.comm_r, "comm_r: 64 hex digits");
  auto* comm_d = cmd.add_option("--comm-d", o.comm_d, "comm_d: 64 hex digits");
  add_prover_id_options(cmd, o.ids);
  // CLI11 would read -1 as 2^64 - 1.
  cmd.add_option("--sector-id", o.sector_id, "Sector number")->check([](const std::string& v) {
    return v.starts_with('-') ? std::string("'" + v + "' is negative") : std::string();
  });
  auto* ticket = cmd.add_option("--ticket", o.ticket, "Ticket: 64 hex digits");
  auto* seed = cmd.add_option("--seed", o.seed, "Interactive seed: 64 hex digits");
  for (auto* opt : {name, comm_r, comm_d, ticket, seed}) {
    c1->excludes(opt);
    opt->needs(name, comm_r, comm_d, ticket, seed);
  }
  add_porep_options(cmd, o.porep);
}

Statement statement_from_options(const StatementOptions& o) {
  if (o.c1.empty() && o.registered_proof.empty()) {
    throw CLI::ValidationError(
        "give --c1, or --registered-proof with --comm-r, --comm-d, "
        "--ticket and --seed");
  }
  Statement out;
  prover::seal::SealStatement& s = out.seal;
  const auto prover_id = resolve_prover_id(o.ids);
  if (!prover_id) throw CLI::ValidationError("give --prover-id or --miner-id");
  if (!o.sector_id) throw CLI::ValidationError("--sector-id is required");
  s.prover_id = *prover_id;
  s.sector_id = *o.sector_id;
  s.overrides = parse_porep_overrides(o.porep);
  if (!o.c1.empty()) {
    const porep::C1Output c1 = porep::load_c1_file(o.c1, porep::C1Checks::kStructure, s.overrides);
    s.proof = c1.registered_proof;
    s.comm_r = c1.comm_r;
    s.comm_d = c1.comm_d;
    s.ticket = c1.ticket;
    s.seed = c1.seed;
    check_porep_overrides(s.overrides, s.proof);
    const sealing::ProverSector sector{.prover_id = s.prover_id, .sector_id = s.sector_id};
    if (const auto defect = sealing::find_identity_defect(c1, sector)) {
      out.c1_mismatch = defect->message();
    }
    return out;
  }
  s.proof = registered_proof_option(o.registered_proof);
  s.comm_r = parse_hex32("--comm-r", o.comm_r);
  s.comm_d = parse_hex32("--comm-d", o.comm_d);
  s.ticket = parse_hex32("--ticket", o.ticket);
  s.seed = parse_hex32("--seed", o.seed);
  check_porep_overrides(s.overrides, s.proof);
  return out;
}

}  // namespace cuzk::cli
