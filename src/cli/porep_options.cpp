#include "cli/porep_options.hpp"

#include "cli/id_options.hpp"
#include "util/error.hpp"
#include "util/hex.hpp"

namespace cuzk::cli {

void add_porep_options(CLI::App& cmd, PorepOptions& o) {
  cmd.add_option("--porep-id", o.porep_id,
                 "porep_id of a network other than Filecoin mainnet: 64 hex digits (default: the "
                 "registered proof's, its id as u64 LE then zeros)");
  cmd.add_option("--api-version", o.api_version,
                 "API version of such a network: 1.0.0, 1.1.0 or 1.2.0 (default: the registered "
                 "proof's)");
}

porep::PorepOverrides parse_porep_overrides(const PorepOptions& o) {
  porep::PorepOverrides overrides;
  if (!o.porep_id.empty()) overrides.porep_id = parse_hex32("--porep-id", o.porep_id);
  if (!o.api_version.empty()) {
    overrides.api_version = porep::api_version_from_name(o.api_version);
    if (!overrides.api_version) {
      throw CLI::ValidationError("--api-version '" + o.api_version +
                                 "' is not an API version: 1.0.0, 1.1.0 or 1.2.0");
    }
  }
  return overrides;
}

void check_porep_overrides(const porep::PorepOverrides& overrides,
                           porep::RegisteredSealProof proof) {
  try {
    (void)porep::porep_config(proof, overrides);
  } catch (const Error& e) {
    throw CLI::ValidationError(std::string("--api-version: ") + e.what());
  }
}

std::string porep_summary(porep::RegisteredSealProof proof,
                          const porep::PorepOverrides& overrides) {
  const porep::PorepConfig config = porep::porep_config(proof, overrides);
  const std::string implied = "(" + std::string(porep::seal_proof_info(proof).name) + "'s)";
  return "porep_id " + to_hex(config.porep_id) + " " +
         (overrides.porep_id ? "(--porep-id)" : implied) + ", API version " +
         std::string(porep::api_version_name(config.api_version)) + " " +
         (overrides.api_version ? "(--api-version)" : implied);
}

}  // namespace cuzk::cli
