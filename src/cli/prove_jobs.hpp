// `cuzk prove --jobs FILE|-`: many sectors in one process (job_list.hpp gives the list's form),
// through the pipeline's job queue (pipeline/job_queue.hpp). A list FILE is read and every line
// checked before the first job: a bad line refuses the run, naming every bad line, with nothing
// proved. A list from stdin is read as lines arrive, and a bad line fails alone.
// A list may mix PoRep jobs (a C1) and SnapDeals update jobs (--update: an update input).
// The command line's other options apply to every job; --miner-id/--prover-id, --porep-id and
// --api-version there are defaults a PoRep job line replaces, and no update job takes. For every
// job: its input read and checked, the parameters of its registered proof (seal or update)
// loaded once and kept while the next job has the same one, swapped when it changes (on the GPU a
// pipeline::GpuProvingSession keeps them resident, and the host synthesizes job N+1 while the GPU
// proves job N: at most two sectors' witnesses alive), the proof verified and written atomically,
// and one line on stderr:
//   job N (INPUT): wrote OUTPUT in S s        job N: failed: REASON
// A failed job does not stop the others. SIGINT or SIGTERM stops taking jobs and says at once what
// becomes of the job in flight: on the CPU, once its proving has started, it is finished and
// written; otherwise it is abandoned at its next partition (GPU) or phase (CPU), leaving no file
// at its output. A second signal ends the process at once. At the end a summary line (sectors,
// wall time, seconds per sector in steady state, GPU busy fraction) and, with --timings, every
// job's timing report (jobs_report.hpp).
#pragma once

#include <cstddef>
#include <functional>

#include "cli/prove_inputs.hpp"
#include "prover/seal/seal_prover.hpp"

namespace cuzk::cli {

// Tests use these to interrupt a run at a known point; both are called on the calling thread.
struct JobsHooks {
  // As each job starts, after its line is parsed.
  std::function<void(std::size_t job)> job_started;
  // As the CPU prover enters each phase of a job.
  std::function<void(std::size_t job, prover::seal::SealPhase phase)> phase_started;
};

// Returns the exit status: 0 when every job was proved, 1 when any failed, 128 + the signal
// (130 for SIGINT) when interrupted. Throws CLI::ValidationError for a bad option of the
// command line itself, and cuzk::Error when the job list cannot be read or a list file has a bad
// line.
int prove_jobs(const ProveOptions& options, const JobsHooks& hooks = {});

}  // namespace cuzk::cli
