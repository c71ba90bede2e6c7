// One sector to prove, and what comes out: a job names its proof type and input (the C1 file, with
// the porep_id and API version of its network, or a SnapDeals update input), whose sector it is,
// where the proof goes and whether to verify it; the outcome is the verified partition proofs with
// the run's timings, or a typed failure. `cuzk prove` and `cuzk prove-update` make one job,
// `cuzk prove --jobs` one per line (job_queue.hpp).
#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "pipeline/circuit_kind.hpp"
#include "pipeline/provable_sector.hpp"
#include "pipeline/timing_report.hpp"
#include "porep/c1_output.hpp"
#include "porep/registered_proof.hpp"
#include "porep/replica_id.hpp"
#include "porep/update/update_input.hpp"
#include "prover/proof.hpp"
#include "sealing/c1_validator.hpp"
#include "util/error.hpp"

namespace cuzk::pipeline {

// Who sealed the sector, as far as the caller knows: with a prover id, the C1's replica_id is
// checked and the proof verified against the recomputed one; the sector id defaults to the lotus
// wrapper's SectorNum. PoRep only: an update proof commits to neither.
struct SectorIdentity {
  std::optional<porep::ProverId> prover_id;
  std::optional<std::uint64_t> sector_id;
};

// Set from another thread to abandon one job: see SectorJob::cancel.
using CancelFlag = std::shared_ptr<const std::atomic<bool>>;

// What a job proves, and so what its input is.
enum class ProofType : std::uint8_t {
  kPorep,   // PoRep C2, from a C1 output (lotus wrapper or inner JSON)
  kUpdate,  // a SnapDeals update proof, from an update input (docs/update-input.md)
};

struct SectorJob {
  ProofType proof_type = ProofType::kPorep;
  // The input: the file it is read from, or, with input_bytes, the name its messages start with.
  std::filesystem::path input;
  // The input itself, when the caller holds it in memory (a daemon's request) rather than in a
  // file. Shared: a job is copied into its report, and a 32 GiB sector's C1 is about 50 MB.
  std::shared_ptr<const std::string> input_bytes;
  // An update job's input already decoded, when the caller received its fields one by one (a
  // daemon's SnapDeals request) rather than as a file: taken as it is, its structure checked by
  // the caller (update_input_checks.hpp), its vanilla proofs by the sector's check. `input` names
  // it in messages.
  std::shared_ptr<const porep::update::UpdateInput> update_input;
  // The registered proof the caller says the input is; an input of another fails the job
  // (kInput). None: whatever the input says.
  std::optional<CircuitKind> registered_proof;
  // PoRep only (an update job with either fails as a usage error): a network's own porep_id / API
  // version (the C1 has neither), and who sealed the sector.
  porep::PorepOverrides overrides;
  SectorIdentity identity;
  // The proof, written atomically once verified; empty: nothing is written, and the proof comes
  // back in the job's report (JobReport::proof).
  std::filesystem::path output;
  bool verify = true;
  // Once true, this job alone stops as ProvingOptions::stop stops every job: it fails Interrupted
  // before it starts, at its next phase (CPU, until its proving has started) or at its next
  // partition (GPU). None: only the run's stop applies.
  CancelFlag cancel;
};

// A job whose input is read: what a sector prover takes.
struct PreparedSector {
  std::shared_ptr<const ProvableSector> sector;  // with the identity resolved and `verify` set
  CancelFlag cancel;                             // the job's (SectorJob::cancel)
};

// Whether `flag` is set; a null flag never is.
inline bool is_set(const std::atomic<bool>* flag) { return flag != nullptr && flag->load(); }

// The sector the identity names, for this C1; none without a prover id. Throws UsageError for a
// sector id without a prover id, or a prover id with neither a sector id nor a C1 SectorNum.
std::optional<sealing::ProverSector> resolve_sector(const SectorIdentity& identity,
                                                    const porep::C1Output& c1);

struct SectorProofs {
  std::vector<prover::Proof> proofs;  // one per partition, in order
  bool verified = false;              // false only when verification was turned off
};

// Why a job failed, for a caller that acts on it (an exit code, a retry, a metric).
enum class FailureKind : std::uint8_t {
  kUsage,        // the job's own options contradict each other or the C1 (UsageError)
  kInput,        // the C1 or the witness is wrong (a defect, an unsatisfied constraint)
  kParameters,   // missing, corrupt or mismatched parameters (prover::ParamsError)
  kGpu,          // a GPU fault (kernels::CudaError) the run could not recover from
  kOutOfMemory,  // host memory
  kOutput,       // the proof could not be written
  kInterrupted,  // a stop request (Interrupted)
  kOther,
};

struct SectorFailure {
  FailureKind kind = FailureKind::kOther;
  std::string message;  // one line naming the cause
};

// A usage error found only once the job's input is read (exit status 2 on the command line).
class UsageError : public Error {
 public:
  using Error::Error;
};

// The work was asked to stop (ProvingOptions::stop).
class Interrupted : public Error {
 public:
  Interrupted() : Error("interrupted") {}
};

// Classifies a caught exception: the kinds above by type, the message as it reads (std::bad_alloc
// named as host memory).
SectorFailure failure_from(const std::exception& error);
SectorFailure failure_from_current_exception();

}  // namespace cuzk::pipeline
