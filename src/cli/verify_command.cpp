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
// Prints "valid" (exit 0) or "invalid" (exit 1, the reason on stderr, led by the --c1's being
// another miner's or sector's when it is); bad usage or unreadable input (a .vk of another
// circuit, a proof of the wrong size, each named) is one line on stderr and exit 2.
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "cli/param_lookup.hpp"
#include "cli/porep_options.hpp"
#include "cli/statement_options.hpp"
#include "cli/verify_support.hpp"
#include "prover/params/mapped_file.hpp"
#include "prover/params/parameter_files.hpp"
#include "prover/params/verifying_key.hpp"
#include "prover/seal/seal_verifier.hpp"
#include "prover/verifier.hpp"
#include "util/error.hpp"

namespace cuzk::cli {
namespace {

namespace seal = prover::seal;

struct VerifyOptions {
  std::string proof;
  StatementOptions statement;
  bool verbose = false;
  std::string vk;
  std::string params_dir;
};

// --vk, or the .vk of `proof` in the parameter directory; refused unless it is the key of
// `proof`'s circuit.
prover::PreparedVerifyingKey load_verifying_key(const VerifyOptions& o,
                                                porep::RegisteredSealProof proof) {
  const std::filesystem::path path = verifying_key_file(
      o.vk, o.params_dir,
      [proof](const std::filesystem::path& dir) { return prover::parameter_paths(dir, proof).vk; },
      std::string(porep::seal_proof_info(proof).name), "--registered-proof");
  prover::PreparedVerifyingKey pvk(prover::read_verifying_key_file(path));
  naming_file(path, [&] { seal::check_verifying_key(pvk, proof); });
  return pvk;
}

int verify(const VerifyOptions& o) {
  const Statement stated = statement_from_options(o.statement);
  const seal::SealStatement& statement = stated.seal;
  if (o.verbose) {
    std::fprintf(stderr, "cuzk verify: %s\n",
                 porep_summary(statement.proof, statement.overrides).c_str());
  }
  const prover::PreparedVerifyingKey pvk = load_verifying_key(o, statement.proof);
  const prover::MappedFile proof_file(o.proof);
  naming_file(o.proof, [&] { seal::check_proof_size(statement.proof, proof_file.bytes().size()); });
  const seal::SealVerdict verdict = seal::verify_seal(pvk, statement, proof_file.bytes());
  if (verdict.valid) {
    std::printf("valid\n");
    return kExitSuccess;
  }
  std::printf("invalid\n");
  // With a C1 of another sector the proof could not be valid: that is said first.
  std::string why = o.proof + ": " + verdict.reason;
  if (!stated.c1_mismatch.empty()) why = stated.c1_mismatch + "; " + why;
  std::fprintf(stderr, "cuzk verify: %s\n", why.c_str());
  return kExitFailure;
}

}  // namespace

void add_verify_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("verify", "Verify a sector's PoRep proof (verify_seal)");
  auto o = std::make_shared<VerifyOptions>();
  cmd->add_option("--proof", o->proof, "Proof file (192 bytes per partition)")->required();
  add_statement_options(*cmd, o->statement);
  cmd->add_flag("-v,--verbose", o->verbose, "Say which porep_id and API version were used");
  auto* vk = cmd->add_option("--vk", o->vk, "Verifying key file (.vk)");
  cmd->add_option("--params-dir", o->params_dir,
                  "Directory of the .vk (else $FIL_PROOFS_PARAMETER_CACHE, else "
                  "/var/tmp/filecoin-proof-parameters)")
      ->excludes(vk);
  cmd->callback([&exit_code, o] { exit_code = verify_exit_code([&o] { return verify(*o); }); });
}

}  // namespace cuzk::cli
