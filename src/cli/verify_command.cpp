// `cuzk verify`: whether a PoRep proof is valid for a sector, as filecoin-proofs' verify_seal
// decides it (prover/seal/seal_verifier.hpp).
//
//   cuzk verify --proof PROOF --registered-proof NAME --comm-r HEX --comm-d HEX
//               (--prover-id HEX | --miner-id ID) --sector-id N --ticket HEX --seed HEX
//               [--vk FILE | --params-dir DIR]
//   cuzk verify --c1 C1 --proof PROOF (--prover-id HEX | --miner-id ID) --sector-id N
//               (registered proof, comm_r, comm_d, ticket and seed from the C1 output)
//   either form: [--porep-id HEX] [--api-version X.Y.Z] (another network's, porep_options.hpp)
//               [-v] (which porep_id and API version were used, on stderr)
//
// Prints "valid" (exit 0) or "invalid" (exit 1, the reason on stderr); bad usage or unreadable
// input is one line on stderr and exit 2.
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "cli/id_options.hpp"
#include "cli/param_lookup.hpp"
#include "cli/porep_options.hpp"
#include "porep/c1_parser.hpp"
#include "prover/mapped_file.hpp"
#include "prover/seal/parameter_files.hpp"
#include "prover/seal/seal_verifier.hpp"
#include "prover/verifier.hpp"
#include "prover/verifying_key.hpp"
#include "util/error.hpp"

namespace cuzk::cli {
namespace {

namespace seal = prover::seal;

struct VerifyOptions {
  std::string proof;
  std::string c1;
  std::string registered_proof;
  std::string comm_r, comm_d, ticket, seed;
  ProverIdOptions ids;
  std::optional<std::uint64_t> sector_id;
  std::string vk;
  std::string params_dir;
  PorepOptions porep;
  bool verbose = false;
};

seal::SealStatement statement_from_options(const VerifyOptions& o) {
  seal::SealStatement s;
  const auto prover_id = resolve_prover_id(o.ids);
  if (!prover_id) throw CLI::ValidationError("give --prover-id or --miner-id");
  if (!o.sector_id) throw CLI::ValidationError("--sector-id is required");
  s.prover_id = *prover_id;
  s.sector_id = *o.sector_id;
  s.overrides = parse_porep_overrides(o.porep);
  if (!o.c1.empty()) {
    const porep::C1Output c1 = porep::load_c1_file(o.c1, porep::C1Checks::kStructure);
    s.proof = c1.registered_proof;
    s.comm_r = c1.comm_r;
    s.comm_d = c1.comm_d;
    s.ticket = c1.ticket;
    s.seed = c1.seed;
    check_porep_overrides(s.overrides, s.proof);
    return s;
  }
  const auto proof = porep::seal_proof_from_name(o.registered_proof);
  if (!proof) {
    throw CLI::ValidationError("--registered-proof '" + o.registered_proof +
                               "' is not a registered seal proof, e.g. StackedDrg2KiBV1_1");
  }
  s.proof = *proof;
  s.comm_r = parse_hex32("--comm-r", o.comm_r);
  s.comm_d = parse_hex32("--comm-d", o.comm_d);
  s.ticket = parse_hex32("--ticket", o.ticket);
  s.seed = parse_hex32("--seed", o.seed);
  check_porep_overrides(s.overrides, s.proof);
  return s;
}

prover::VerifyingKey load_verifying_key(const VerifyOptions& o, porep::RegisteredSealProof proof) {
  if (!o.vk.empty()) return prover::read_verifying_key_file(o.vk);
  const ParameterDir dir = parameter_dir(o.params_dir);
  const auto paths = seal::parameter_paths(dir.path, proof);
  require_parameter_file(paths.vk, dir, std::string(porep::seal_proof_info(proof).name));
  return prover::read_verifying_key_file(paths.vk);
}

int verify(const VerifyOptions& o) {
  const seal::SealStatement statement = statement_from_options(o);
  if (o.verbose) {
    std::fprintf(stderr, "cuzk verify: %s\n",
                 porep_summary(statement.proof, statement.overrides).c_str());
  }
  const prover::PreparedVerifyingKey pvk(load_verifying_key(o, statement.proof));
  const prover::MappedFile proof_file(o.proof);
  const seal::SealVerdict verdict = seal::verify_seal(pvk, statement, proof_file.bytes());
  if (verdict.valid) {
    std::printf("valid\n");
    return kExitSuccess;
  }
  std::printf("invalid\n");
  std::fprintf(stderr, "cuzk verify: %s: %s\n", o.proof.c_str(), verdict.reason.c_str());
  return kExitFailure;
}

}  // namespace

void add_verify_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("verify", "Verify a sector's PoRep proof (verify_seal)");
  auto o = std::make_shared<VerifyOptions>();
  cmd->add_option("--proof", o->proof, "Proof file (192 bytes per partition)")->required();
  auto* c1 = cmd->add_option("--c1", o->c1,
                             "Take registered proof, comm_r, comm_d, ticket and seed from this "
                             "C1 output");
  auto* name = cmd->add_option("--registered-proof", o->registered_proof,
                               "Registered seal proof, e.g. StackedDrg2KiBV1_1");
  auto* comm_r = cmd->add_option("--comm-r", o->comm_r, "comm_r: 64 hex digits");
  auto* comm_d = cmd->add_option("--comm-d", o->comm_d, "comm_d: 64 hex digits");
  add_prover_id_options(*cmd, o->ids);
  cmd->add_option("--sector-id", o->sector_id, "Sector number");
  auto* ticket = cmd->add_option("--ticket", o->ticket, "Ticket: 64 hex digits");
  auto* seed = cmd->add_option("--seed", o->seed, "Interactive seed: 64 hex digits");
  for (auto* opt : {name, comm_r, comm_d, ticket, seed}) {
    c1->excludes(opt);
    opt->needs(name, comm_r, comm_d, ticket, seed);
  }
  auto* vk = cmd->add_option("--vk", o->vk, "Verifying key file (.vk)");
  cmd->add_option("--params-dir", o->params_dir,
                  "Directory of the .vk (else $FIL_PROOFS_PARAMETER_CACHE, else "
                  "/var/tmp/filecoin-proof-parameters)")
      ->excludes(vk);
  add_porep_options(*cmd, o->porep);
  cmd->add_flag("-v,--verbose", o->verbose, "Say which porep_id and API version were used");
  cmd->callback([&exit_code, o] {
    if (o->c1.empty() && o->registered_proof.empty()) {
      throw CLI::ValidationError(
          "give --c1, or --registered-proof with --comm-r, --comm-d, "
          "--ticket and --seed");
    }
    try {
      exit_code = verify(*o);
    } catch (const CLI::Error&) {
      throw;
    } catch (const std::exception& e) {
      // Unreadable or malformed input is a usage problem here, not an invalid proof.
      std::fprintf(stderr, "cuzk: %s\n", e.what());
      exit_code = kExitUsage;
    }
  });
}

}  // namespace cuzk::cli
