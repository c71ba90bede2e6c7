// The options that state which sealed sector a proof is about, shared by `cuzk verify` and
// `cuzk public-inputs`: either a C1 file (registered proof, comm_r, comm_d, ticket and seed from
// it) or each value given; and always the prover (or miner) id and the sector id.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/id_options.hpp"
#include "cli/porep_options.hpp"
#include "prover/seal/seal_verifier.hpp"

namespace cuzk::cli {

struct StatementOptions {
  std::string c1;
  std::string registered_proof;
  std::string comm_r, comm_d, ticket, seed;
  ProverIdOptions ids;
  std::optional<std::uint64_t> sector_id;
  PorepOptions porep;
};

// Adds --c1, --registered-proof, --comm-r, --comm-d, --miner-id/--prover-id, --sector-id,
// --ticket, --seed, --porep-id and --api-version to `cmd`; --c1 excludes the five values it
// provides, which go together.
void add_statement_options(CLI::App& cmd, StatementOptions& options);

struct Statement {
  prover::seal::SealStatement seal;
  // With --c1 whose replica_id the given prover and sector id do not give: why, naming the file
  // (sealing::find_identity_defect), so that an invalid verdict can say what it means. The
  // verdict itself stays verify_seal's, which knows nothing of C1 files.
  std::string c1_mismatch;
};

// The statement; throws CLI::ValidationError for a missing or malformed option, and cuzk::Error
// for a C1 file that cannot be read.
Statement statement_from_options(const StatementOptions& options);

}  // namespace cuzk::cli
