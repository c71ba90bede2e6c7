// One job through the pipeline's job queue (pipeline/job_queue.hpp), as `cuzk prove` and `cuzk
// prove-update` run it: the input's line and the backend's on stderr, then the job's report; and,
// once the command has said how the proof was verified, the lines and the timings file every
// such command ends with.
#pragma once

#include <string>

#include "cli/progress.hpp"
#include "cli/prove_inputs.hpp"
#include "pipeline/job_queue.hpp"
#include "pipeline/sector_job.hpp"

namespace cuzk::cli {

// The job proved with the options' backend, parameters and progress, its proof written at
// job.output. Throws as throw_job_failure does when the job failed.
pipeline::JobReport prove_single_job(const pipeline::SectorJob& job, const ProveOptions& options,
                                     Progress& progress);

// "wrote OUTPUT (N bytes)", the timings table (-v) and the --timings file, under `command`.
void report_single_job(const pipeline::JobReport& report, const std::string& command,
                       const ProveOptions& options, const Progress& progress);

}  // namespace cuzk::cli
