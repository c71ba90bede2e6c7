#include "cli/prove_inputs.hpp"

#include <filesystem>
#include <memory>
#include <type_traits>
#include <variant>

#include "cli/param_lookup.hpp"
#include "cli/size_option.hpp"
#include "prover/params/parameter_check.hpp"
#include "prover/params/parameter_files.hpp"
#include "prover/params/params_error.hpp"
#include "prover/params/published_parameters.hpp"
#include "prover/params/test_parameter_marker.hpp"
#include "util/error.hpp"
#include "util/work_meter.hpp"

namespace cuzk::cli {

namespace {

// --verify-params: the file's BLAKE2b digest must be the one Filecoin published.
void verify_published_digest(const std::filesystem::path& file,
                             const prover::PublishedParameterFile& published,
                             const Progress& progress) {
  progress.log("parameters: hashing " + file.filename().string() + " (--verify-params)");
  const prover::ParameterFileCheck check = [&] {
    const MeteredStep hashing(progress.meter(), "hashing " + file.filename().string(), 0, "bytes");
    return prover::check_parameter_file(
        file.parent_path(), published,
        [&hashing, hashed = std::uint64_t{0}](std::uint64_t done, std::uint64_t total) mutable {
          if (hashed == 0) hashing.extend(total);  // the size is known once the file is open
          hashing.advance(done - hashed);
          hashed = done;
        });
  }();
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

// A proof's .params file in the cache, and what names it to an operator.
struct ParameterFile {
  std::string proof_name;    // the registered proof, e.g. StackedDrg2KiBV1_1
  const char* proof_option;  // what names it to `cuzk params generate`
  std::filesystem::path path;
  const prover::PublishedParameterFile& published;
};

// The file, with `verify_params` its digest checked against Filecoin's published one, mapped
// with unchecked subgroup membership as rust-fil-proofs reads it.
prover::MappedParameters load_parameters(const ParameterDir& dir, const ParameterFile& file,
                                         bool verify_params, const Progress& progress) {
  require_parameter_file(file.path, dir, file.proof_name, file.proof_option);
  if (verify_params) {
    verify_published_digest(file.path, file.published, progress);
  } else if (!prover::read_test_marker(file.path).empty()) {
    progress.log("parameters: " + prover::test_marker_path(file.path).string() +
                 " marks INSECURE TEST parameters; proofs made with them fail on chain");
  }
  progress.detail("parameters: " + file.path.string());
  // The header is checked against the circuit by the prover.
  return map_parameters(file.path);
}

}  // namespace

prover::BackendKind backend_kind_option(const std::string& name) {
  const auto kind = prover::backend_kind_from_name(name);
  if (!kind) throw CLI::ValidationError("--backend '" + name + "': expected auto, cpu or gpu");
  return *kind;
}

void add_params_dir_option(CLI::App& cmd, ProveOptions& o) {
  cmd.add_option("--params-dir", o.params_dir,
                 "Parameter directory (else $FIL_PROOFS_PARAMETER_CACHE, else "
                 "/var/tmp/filecoin-proof-parameters)");
}

void add_backend_options(CLI::App& cmd, ProveOptions& o) {
  cmd.add_option(
         "--backend", o.backend,
         "auto (the GPU when one is usable; else, or after a GPU fault, the CPU up to 512 MiB "
         "sectors), cpu or gpu")
      ->check(CLI::IsMember({"auto", "cpu", "gpu"}));
  cmd.add_option("--gpu-memory-limit", o.gpu_memory_limit,
                 "Plan with at most this much GPU memory (e.g. 24GiB): queries of the "
                 "parameters that do not fit are streamed in slices (from the parameter file "
                 "page-locked in host memory where the host has room), and the quotient takes "
                 "three vectors instead of four where that streams less")
      ->transform(positive_size());
}

pipeline::SectorIdentity sector_identity(const ProverIdOptions& ids,
                                         std::optional<std::uint64_t> sector_id) {
  pipeline::SectorIdentity identity{resolve_prover_id(ids), sector_id};
  if (!identity.prover_id && identity.sector_id)
    throw CLI::ValidationError("--sector-id needs --miner-id or --prover-id");
  return identity;
}

pipeline::ProvingOptions proving_options(const ProveOptions& o, pipeline::ProvingObserver& observer,
                                         WorkMeter* meter, const std::atomic<bool>* stop) {
  pipeline::ProvingOptions options;
  options.backend = backend_kind_option(o.backend);
  options.gpu_memory_limit = o.gpu_memory_limit;
  options.observer = &observer;
  options.meter = meter;
  options.stop = stop;
  return options;
}

prover::MappedParameters load_seal_parameters(const std::string& params_dir,
                                              porep::RegisteredSealProof proof, bool verify_params,
                                              const Progress& progress) {
  const ParameterDir dir = parameter_dir(params_dir);
  return load_parameters(
      dir,
      {std::string(porep::seal_proof_info(proof).name), "--registered-proof",
       prover::parameter_paths(dir.path, proof).params, prover::published_seal_files(proof).params},
      verify_params, progress);
}

prover::MappedParameters load_update_parameters(const std::string& params_dir,
                                                porep::update::RegisteredUpdateProof proof,
                                                bool verify_params, const Progress& progress) {
  const ParameterDir dir = parameter_dir(params_dir);
  return load_parameters(
      dir,
      {std::string(porep::update::update_proof_info(proof).name), "--registered-update-proof",
       prover::parameter_paths(dir.path, proof).params,
       prover::published_update_files(proof).params},
      verify_params, progress);
}

pipeline::ParameterLoader parameter_loader(const std::string& params_dir, bool verify_params,
                                           const Progress& progress) {
  return [params_dir, verify_params, &progress](const pipeline::CircuitKind& kind) {
    return std::make_unique<prover::MappedParameters>(std::visit(
        [&](auto proof) {
          if constexpr (std::is_same_v<decltype(proof), porep::RegisteredSealProof>) {
            return load_seal_parameters(params_dir, proof, verify_params, progress);
          } else {
            return load_update_parameters(params_dir, proof, verify_params, progress);
          }
        },
        kind));
  };
}

void throw_job_failure(const pipeline::SectorFailure& failure) {
  if (failure.kind == pipeline::FailureKind::kUsage) throw CLI::ValidationError(failure.message);
  throw Error(failure.message);
}

}  // namespace cuzk::cli
