#include "cli/registered_proof_option.hpp"

namespace cuzk::cli {

CLI::Option* add_registered_proof_option(CLI::App& cmd, std::string& name, std::string_view what) {
  return cmd.add_option("--registered-proof", name,
                        std::string(what) + ", one of:\n" + porep::seal_proof_names("\n"));
}

porep::RegisteredSealProof registered_proof_option(std::string_view name) {
  const auto proof = porep::seal_proof_from_name(name);
  if (!proof) {
    throw CLI::ValidationError("--registered-proof '" + std::string(name) +
                               "' is not a registered seal proof; the registered proofs are " +
                               porep::seal_proof_names(", "));
  }
  return *proof;
}

CLI::Option* add_registered_update_proof_option(CLI::App& cmd, std::string& name,
                                                std::string_view what, const std::string& names) {
  return cmd.add_option(
      names, name, std::string(what) + ", one of:\n" + porep::update::update_proof_names("\n"));
}

porep::update::RegisteredUpdateProof registered_update_proof_option(std::string_view name) {
  const auto proof = porep::update::update_proof_from_name(name);
  if (!proof) {
    throw CLI::ValidationError("--registered-update-proof '" + std::string(name) +
                               "': expected one of " + porep::update::update_proof_names(", "));
  }
  return *proof;
}

}  // namespace cuzk::cli
