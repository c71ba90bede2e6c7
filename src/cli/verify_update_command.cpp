// `cuzk verify-update`: whether a SnapDeals update proof is valid for a sector's commitments, as
// filecoin-proofs' verify_empty_sector_update_proof decides it
// (prover/update/update_verifier.hpp).
//
//   cuzk verify-update --proof PROOF --update-input FILE [--vk FILE | --params-dir DIR]
//   cuzk verify-update --proof PROOF --registered-update-proof NAME --comm-r-old HEX
//                      --comm-d-new HEX --comm-r-new HEX [--vk FILE | --params-dir DIR]
//
// The update input gives the registered proof and the three commitments (its vanilla proofs are
// not read); the options give them one by one. Prints "valid" (exit 0) or "invalid" (exit 1, the
// reason on stderr), as `cuzk verify` does; bad usage or unreadable input (a .vk of another
// circuit, a proof of the wrong size, a commitment outside the field, each named) is one line on
// stderr and exit 2.
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include "cli/cli.hpp"
#include "cli/id_options.hpp"
#include "cli/registered_proof_option.hpp"
#include "cli/verify_support.hpp"
#include "porep/update/update_input_json.hpp"
#include "prover/params/mapped_file.hpp"
#include "prover/params/parameter_files.hpp"
#include "prover/params/verifying_key.hpp"
#include "prover/update/update_verifier.hpp"
#include "prover/verifier.hpp"

namespace cuzk::cli {
namespace {

namespace pu = porep::update;
namespace update = prover::update;

struct VerifyUpdateOptions {
  std::string proof;
  std::string update_input;
  std::string registered_update_proof;
  std::string comm_r_old, comm_d_new, comm_r_new;
  std::string vk;
  std::string params_dir;
};

update::UpdateCommitments commitments_from_options(const VerifyUpdateOptions& o) {
  if (!o.update_input.empty()) {
    return update::update_commitments(
        pu::load_update_input_file(o.update_input, pu::UpdateInputChecks::kStructure));
  }
  if (o.registered_update_proof.empty()) {
    throw CLI::ValidationError(
        "give --update-input, or --registered-update-proof with --comm-r-old, --comm-d-new and "
        "--comm-r-new");
  }
  return {registered_update_proof_option(o.registered_update_proof),
          parse_hex32("--comm-r-old", o.comm_r_old), parse_hex32("--comm-d-new", o.comm_d_new),
          parse_hex32("--comm-r-new", o.comm_r_new)};
}

int verify_update(const VerifyUpdateOptions& o) {
  const update::UpdateCommitments commitments = commitments_from_options(o);
  const pu::RegisteredUpdateProof proof = commitments.proof;
  const std::filesystem::path vk_path = verifying_key_file(
      o.vk, o.params_dir,
      [proof](const std::filesystem::path& dir) { return prover::parameter_paths(dir, proof).vk; },
      std::string(pu::update_proof_info(proof).name), "--registered-update-proof");
  const prover::PreparedVerifyingKey pvk(prover::read_verifying_key_file(vk_path));
  naming_file(vk_path, [&] { update::check_update_verifying_key(pvk, proof); });
  const prover::MappedFile proof_file(o.proof);
  naming_file(o.proof, [&] { update::check_update_proof_size(proof, proof_file.bytes().size()); });
  const prover::ProofVerdict verdict = update::verify_update(pvk, commitments, proof_file.bytes());
  if (verdict.valid) {
    std::printf("valid\n");
    return kExitSuccess;
  }
  std::printf("invalid\n");
  std::fprintf(stderr, "cuzk verify-update: %s: %s\n", o.proof.c_str(), verdict.reason.c_str());
  return kExitFailure;
}

}  // namespace

void add_verify_update_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand(
      "verify-update", "Verify a SnapDeals update proof (verify_empty_sector_update_proof)");
  auto o = std::make_shared<VerifyUpdateOptions>();
  cmd->add_option("--proof", o->proof, "Proof file (192 bytes per partition)")->required();
  auto* input = cmd->add_option("--update-input", o->update_input,
                                "Update input file: the registered proof and the commitments");
  auto* proof = add_registered_update_proof_option(*cmd, o->registered_update_proof,
                                                   "Instead of --update-input: the proof's");
  auto* old_r = cmd->add_option("--comm-r-old", o->comm_r_old, "comm_r_old: 64 hex digits");
  auto* new_d = cmd->add_option("--comm-d-new", o->comm_d_new, "comm_d_new: 64 hex digits");
  auto* new_r = cmd->add_option("--comm-r-new", o->comm_r_new, "comm_r_new: 64 hex digits");
  for (CLI::Option* value : {proof, old_r, new_d, new_r}) {
    value->excludes(input);
    for (CLI::Option* other : {proof, old_r, new_d, new_r}) {
      if (other != value) value->needs(other);
    }
  }
  auto* vk = cmd->add_option("--vk", o->vk, "Verifying key file (.vk)");
  cmd->add_option("--params-dir", o->params_dir,
                  "Directory of the .vk (else $FIL_PROOFS_PARAMETER_CACHE, else "
                  "/var/tmp/filecoin-proof-parameters)")
      ->excludes(vk);
  cmd->callback(
      [&exit_code, o] { exit_code = verify_exit_code([&o] { return verify_update(*o); }); });
}

}  // namespace cuzk::cli
