// --registered-proof NAME, as every command that takes a registered seal proof spells it: the
// help lists every name, and an unknown name is a usage error that lists them too, so an operator
// never has to guess a spelling (porep::seal_proof_names is the one list).
#pragma once

#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

#include "porep/registered_proof.hpp"
#include "porep/update/update_proof.hpp"

namespace cuzk::cli {

// Adds --registered-proof to `cmd`, its help `what` (e.g. "Registered seal proof") followed by
// the names, one a line.
CLI::Option* add_registered_proof_option(CLI::App& cmd, std::string& name, std::string_view what);

// The proof called `name`; throws CLI::ValidationError naming every registered proof otherwise.
porep::RegisteredSealProof registered_proof_option(std::string_view name);

// --registered-update-proof NAME, the same for a registered update (SnapDeals) proof; `names`
// (CLI11's comma-separated list) may add another name for it.
CLI::Option* add_registered_update_proof_option(
    CLI::App& cmd, std::string& name, std::string_view what,
    const std::string& names = "--registered-update-proof");
porep::update::RegisteredUpdateProof registered_update_proof_option(std::string_view name);

}  // namespace cuzk::cli
