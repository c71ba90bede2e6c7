// GetStatus' answer from the job table's counts and the worker's snapshot, without gRPC: the two
// queues named as curio's daemon names them, with their pending and in-progress jobs; the loaded
// parameters with their tier, size and jobs in flight; the host memory page-locked for them
// against its cap; the totals and the uptime.
#include <doctest/doctest.h>

#include "pipeline/params_reader.hpp"
#include "serve/status.hpp"

namespace {

using cuzk::porep::RegisteredSealProof;
using cuzk::serve::JobTable;
using cuzk::serve::WorkerSnapshot;
namespace pb = cuzk::v1;

}  // namespace

TEST_CASE("GetStatus: the queues as curio names them, the parameters, page-locked memory, totals") {
  JobTable::Counts counts;
  counts.queued = 3;
  counts.held = 1;
  counts.completed = 7;
  counts.failed = 2;
  counts.by_kind["porep_c2"] = {2, 1};
  counts.by_kind["snap_update"] = {1, 0};
  counts.running = {{"job-1", "porep_c2"}};
  WorkerSnapshot worker;  // proving on the CPU: no GPU is asked anything
  worker.loaded = cuzk::pipeline::CircuitKind(RegisteredSealProof::kStackedDrg32GiBV1_1);
  worker.parameter_bytes = 47'000'000'000;
  worker.page_locked_bytes = 44'000'000'000;

  pb::GetStatusResponse out;
  cuzk::serve::fill_status(counts, worker, 12.7, out);
  REQUIRE(out.queues_size() == 2);
  CHECK(out.queues(0).proof_kind() == "porep-c2");
  CHECK(out.queues(0).pending() == 2);
  CHECK(out.queues(0).in_progress() == 1);
  CHECK(out.queues(1).proof_kind() == "snap-update");
  CHECK(out.queues(1).pending() == 1);
  CHECK(out.queues(1).in_progress() == 0);
  REQUIRE(out.loaded_srs_size() == 1);
  CHECK(out.loaded_srs(0).circuit_id() == "porep-32g");
  CHECK(out.loaded_srs(0).tier() == pb::SRSStatus::WARM);  // read from the mapping by the CPU
  CHECK(out.loaded_srs(0).size_bytes() == 47'000'000'000);
  CHECK(out.loaded_srs(0).ref_count() == 1);
  CHECK(out.pinned_memory_bytes() == 44'000'000'000);
  CHECK(out.pinned_memory_limit_bytes() == cuzk::pipeline::PinnedParameters::page_lockable_bytes());
  CHECK(out.total_proofs_completed() == 7);
  CHECK(out.total_proofs_failed() == 2);
  CHECK(out.uptime_seconds() == 12);

  // Nothing loaded, nothing queued: both queues still listed, nothing page-locked.
  pb::GetStatusResponse idle;
  cuzk::serve::fill_status(JobTable::Counts{}, WorkerSnapshot{}, 0, idle);
  REQUIRE(idle.queues_size() == 2);
  CHECK(idle.queues(0).pending() == 0);
  CHECK(idle.loaded_srs_size() == 0);
  CHECK(idle.pinned_memory_bytes() == 0);
}
