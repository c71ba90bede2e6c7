// GetStatus' answer and GetMetrics' gauges, from the job table's counts and the worker's
// snapshot: the GPUs (the one proving, or every usable one before the first job), the parameters
// the prover holds with their tier, the queue of each kind proved, the totals, the host memory
// page-locked for the parameters against its cap, and the uptime.
#pragma once

#include "cuzk/v1/proving.pb.h"
#include "serve/job_table.hpp"
#include "serve/metrics.hpp"
#include "serve/prover_worker.hpp"

namespace cuzk::serve {

void fill_status(const JobTable::Counts& counts, const WorkerSnapshot& worker,
                 double uptime_seconds, cuzk::v1::GetStatusResponse& out);

Gauges gauges(const JobTable::Counts& counts, const WorkerSnapshot& worker, double uptime_seconds);

}  // namespace cuzk::serve
