#include "cli/prove_inputs.hpp"

#include <filesystem>

#include "cli/param_lookup.hpp"
#include "prover/params/parameter_check.hpp"
#include "prover/params/parameter_files.hpp"
#include "prover/params/params_error.hpp"
#include "prover/params/published_parameters.hpp"
#include "prover/params/test_parameter_marker.hpp"
#include "util/error.hpp"

namespace cuzk::cli {

namespace {

namespace seal = prover::seal;

// --verify-params: the file's BLAKE2b digest must be the one Filecoin published.
void verify_published_digest(const std::filesystem::path& file,
                             const prover::PublishedParameterFile& published,
                             const Progress& progress) {
  progress.log("parameters: hashing " + file.filename().string() + " (--verify-params)");
  const prover::ParameterFileCheck check =
      prover::check_parameter_file(file.parent_path(), published);
  switch (check.status) {
    case prover::ParameterFileStatus::kOk:
      progress.log("parameters: the published digest " + check.digest);
      return;
    case prover::ParameterFileStatus::kTestOnly:
      throw Error(file.string() + ": INSECURE TEST parameters (" +
                  prover::test_marker_path(file).filename().string() +
                  "), not Filecoin's published file");
    case prover::ParameterFileStatus::kCorrupt:
    case prover::ParameterFileStatus::kMissing:
      break;
  }
  throw Error(file.string() + ": digest " + check.digest + " is not the published " +
              std::string(published.digest) +
              " (a corrupt download or a foreign file; `cuzk params check` checks the cache)");
}

// A truncated download is the common corruption; say what to do about it.
prover::MappedParameters map_parameters(const std::filesystem::path& file) {
  try {
    return prover::MappedParameters(file, bls12_381::SubgroupCheck::kNo);
  } catch (const prover::ParamsError& e) {
    if (e.kind() != prover::ParamsErrorKind::kTruncated) throw;
    throw prover::ParamsError(e.kind(), std::string(e.what()) +
                                            " (a truncated download? `cuzk params check` "
                                            "compares the cache with the published digests)");
  }
}

}  // namespace

pipeline::BackendKind backend_kind_option(const std::string& name) {
  const auto kind = pipeline::backend_kind_from_name(name);
  if (!kind) throw CLI::ValidationError("--backend '" + name + "': expected auto, cpu or gpu");
  return *kind;
}

std::optional<sealing::ProverSector> prover_sector(const ProverIdOptions& ids,
                                                   std::optional<std::uint64_t> sector_id,
                                                   const porep::C1Output& c1) {
  const auto prover_id = resolve_prover_id(ids);
  if (!prover_id) {
    if (sector_id) throw CLI::ValidationError("--sector-id needs --miner-id or --prover-id");
    return std::nullopt;
  }
  const auto sector = sector_id ? sector_id : c1.sector_number;
  if (!sector) {
    throw CLI::ValidationError(
        "--sector-id is needed: the C1 file has no SectorNum (it is not the lotus wrapper)");
  }
  return sealing::ProverSector{*prover_id, *sector};
}

prover::MappedParameters load_seal_parameters(const std::string& params_dir,
                                              porep::RegisteredSealProof proof, bool verify_params,
                                              const Progress& progress) {
  const ParameterDir dir = parameter_dir(params_dir);
  const prover::ParameterPaths paths = prover::parameter_paths(dir.path, proof);
  const std::string name(porep::seal_proof_info(proof).name);
  require_parameter_file(paths.params, dir, name);
  if (verify_params) {
    verify_published_digest(paths.params, prover::published_seal_files(proof).params, progress);
  } else if (!prover::read_test_marker(paths.params).empty()) {
    progress.log("parameters: " + prover::test_marker_path(paths.params).string() +
                 " marks INSECURE TEST parameters; proofs made with them fail on chain");
  }
  progress.detail("parameters: " + paths.params.string());
  // The header is checked against the circuit by the prover.
  return map_parameters(paths.params);
}

}  // namespace cuzk::cli
