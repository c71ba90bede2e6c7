// What `cuzk prove` reads before proving, for one sector or a job list (prove_jobs.hpp): its
// options, the sector's identity and the parameter file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "cli/id_options.hpp"
#include "cli/porep_options.hpp"
#include "cli/progress.hpp"
#include "pipeline/backend_choice.hpp"
#include "porep/c1_output.hpp"
#include "prover/params/mapped_parameters.hpp"
#include "sealing/c1_validator.hpp"

namespace cuzk::cli {

struct ProveOptions {
  std::string c1;
  std::string output;
  std::string jobs;  // --jobs FILE|-: a job list instead of c1 and output
  std::string params_dir;
  ProverIdOptions ids;
  std::optional<std::uint64_t> sector_id;
  std::string backend = "auto";
  std::optional<std::size_t> gpu_memory_limit;
  bool verify_params = false;
  bool no_verify = false;
  std::string timings;
  bool quiet = false;
  bool verbose = false;
  PorepOptions porep;
};

// --backend's value; throws CLI::ValidationError for another than auto, cpu or gpu.
pipeline::BackendKind backend_kind_option(const std::string& name);

// The sector the C1 belongs to, when the caller named its prover; the sector id then defaults
// to the C1 wrapper's SectorNum. Throws CLI::ValidationError for --sector-id without a prover id
// or a C1 without SectorNum and no --sector-id.
std::optional<sealing::ProverSector> prover_sector(const ProverIdOptions& ids,
                                                   std::optional<std::uint64_t> sector_id,
                                                   const porep::C1Output& c1);

// The parameter file of `proof` (param_lookup.hpp), with --verify-params its digest checked
// against Filecoin's published one (most of a minute for a 32 GiB sector's 47 GB file), mapped
// with unchecked subgroup membership as rust-fil-proofs reads it (the verifying key is checked
// fully either way). Throws cuzk::Error naming the file and what to do.
prover::MappedParameters load_seal_parameters(const std::string& params_dir,
                                              porep::RegisteredSealProof proof, bool verify_params,
                                              const Progress& progress);

}  // namespace cuzk::cli
