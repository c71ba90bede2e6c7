// What `cuzk prove` and `cuzk prove-update` read before proving, for one sector or a job list
// (prove_jobs.hpp): their options, the sector's identity and the parameter file, handed to the
// pipeline's job queue (pipeline/job_queue.hpp).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "cli/id_options.hpp"
#include "cli/porep_options.hpp"
#include "cli/progress.hpp"
#include "pipeline/job_queue.hpp"
#include "pipeline/proving_options.hpp"
#include "pipeline/sector_job.hpp"
#include "porep/update/update_proof.hpp"
#include "prover/backend_kind.hpp"
#include "prover/params/mapped_parameters.hpp"

namespace cuzk::cli {

// The options of the commands that prove (prove, prove-update, serve).
struct ProveOptions {
  std::string input;  // the C1 (prove), the update input (prove-update)
  std::string output;
  std::string jobs;  // --jobs FILE|-: a job list instead of input and output
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
  std::string progress = "auto";  // --progress (progress_bar.hpp)
  PorepOptions porep;
};

// --backend's value; throws CLI::ValidationError for another than auto, cpu or gpu.
prover::BackendKind backend_kind_option(const std::string& name);

// The options of the commands that prove (prove, prove-update, serve), in the same words:
// --params-dir; --backend and --gpu-memory-limit.
void add_params_dir_option(CLI::App& cmd, ProveOptions& options);
void add_backend_options(CLI::App& cmd, ProveOptions& options);

// The sector's identity as the options give it (the sector id defaults to the C1 wrapper's
// SectorNum once the C1 is read). Throws CLI::ValidationError for a bad id or --sector-id without
// a prover id.
pipeline::SectorIdentity sector_identity(const ProverIdOptions& ids,
                                         std::optional<std::uint64_t> sector_id);

// The options every job of the run shares: backend, GPU memory limit, progress (lines to
// `observer`, long steps to `meter`) and stop request.
pipeline::ProvingOptions proving_options(const ProveOptions& options,
                                         pipeline::ProvingObserver& observer, WorkMeter* meter,
                                         const std::atomic<bool>* stop);

// The parameter file of `proof` (param_lookup.hpp), with --verify-params its digest checked
// against Filecoin's published one (most of a minute for a 32 GiB sector's 47 GB file), mapped
// with unchecked subgroup membership as rust-fil-proofs reads it (the verifying key is checked
// fully either way). Throws cuzk::Error naming the file and what to do.
prover::MappedParameters load_seal_parameters(const std::string& params_dir,
                                              porep::RegisteredSealProof proof, bool verify_params,
                                              const Progress& progress);

// The same for a registered update (SnapDeals) proof's parameter file.
prover::MappedParameters load_update_parameters(const std::string& params_dir,
                                                porep::update::RegisteredUpdateProof proof,
                                                bool verify_params, const Progress& progress);

// load_seal_parameters or load_update_parameters for the job queue, by the circuit's kind.
pipeline::ParameterLoader parameter_loader(const std::string& params_dir, bool verify_params,
                                           const Progress& progress);

// A UsageError of the job (found once its input is read) is a usage error of the command line.
[[noreturn]] void throw_job_failure(const pipeline::SectorFailure& failure);

}  // namespace cuzk::cli
