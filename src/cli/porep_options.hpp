// The options of a network that is not Filecoin mainnet: --porep-id (64 hex digits) and
// --api-version (1.0.0, 1.1.0 or 1.2.0). rust-fil-proofs takes both as inputs; mainnet derives them
// from the registered proof, and so does every command when they are not given. They replace what
// the registered proof implies for the graph seeds, Feistel keys, replica_id and challenges, never
// the circuit or the parameter file (porep::PorepOverrides). A C1 file does not record them, so
// gen-c1, check-c1, prove and verify of one sector must all be given the same values.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "porep/registered_proof.hpp"

namespace cuzk::cli {

struct PorepOptions {
  std::string porep_id;
  std::string api_version;
};

// Adds --porep-id and --api-version to `cmd`.
void add_porep_options(CLI::App& cmd, PorepOptions& options);

// The overrides the options name (none given: none). Throws CLI::ValidationError for a value that
// is not 64 hex digits or not an API version.
porep::PorepOverrides parse_porep_overrides(const PorepOptions& options);

// Throws CLI::ValidationError when `proof` cannot be used with the overrides: synthetic and
// non-interactive PoRep need API version 1.2.0.
void check_porep_overrides(const porep::PorepOverrides& overrides,
                           porep::RegisteredSealProof proof);

// What -v prints: "porep_id <64 hex digits> (<source>), API version <x.y.z> (<source>)", the
// source being the option or the registered proof.
std::string porep_summary(porep::RegisteredSealProof proof, const porep::PorepOverrides& overrides);

}  // namespace cuzk::cli
