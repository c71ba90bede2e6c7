// The daemon's job table without gRPC or a prover: the queue's order (priority, then arrival),
// request_id as an idempotency key (the same request, another one, a retry after a failure),
// cancel of a queued and of a running job (and the prover's late result dropped, also once the id
// names a newer job the prover has taken too), await with a timeout, a refused request ended at
// once, closing, the finished jobs kept, the counts by kind, and the ends each counted once for
// the metrics.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "serve/job_table.hpp"

namespace {

using cuzk::serve::Clock;
using cuzk::serve::JobResult;
using cuzk::serve::JobSpec;
using cuzk::serve::JobState;
using cuzk::serve::JobTable;
using cuzk::serve::Priority;
using cuzk::serve::ProofWork;

JobSpec spec(std::string id, Priority priority = Priority::kNormal, std::string fingerprint = "f",
             std::string kind = "porep_c2") {
  JobSpec s;
  s.id = std::move(id);
  s.kind = std::move(kind);
  s.priority = priority;
  s.fingerprint = std::move(fingerprint);
  s.work = ProofWork{};
  return s;
}

JobResult completed(std::uint8_t byte) {
  JobResult r;
  r.state = JobState::kCompleted;
  r.proof = {byte, byte};
  return r;
}

struct Table {
  int wakeups = 0;
  std::map<std::string, int> ends;  // outcome -> count
  JobTable table{[this] { ++wakeups; },
                 [this](const std::string&, const JobResult& r) { ++ends[outcome(r.state)]; }, 3};

  static std::string outcome(JobState s) {
    return s == JobState::kCompleted ? "completed"
           : s == JobState::kFailed  ? "failed"
                                     : "cancelled";
  }
  std::map<std::string, JobTable::Ticket> tickets;  // the last job taken under each id

  std::string next() {
    const auto taken = table.take_next();
    if (!taken) return "";
    tickets[taken->ticket.id] = taken->ticket;
    return taken->ticket.id;
  }
  void finish(const std::string& id, JobResult result) {
    table.finish(tickets.at(id), std::move(result));
  }
  JobState state(const std::string& id) {
    const auto view = table.await(id, Clock::now(), {});
    REQUIRE(view.has_value());
    return view->state;
  }
};

}  // namespace

TEST_CASE("the queue: higher priority first, arrival order within a priority") {
  Table t;
  t.table.submit(spec("low", Priority::kLow));
  t.table.submit(spec("normal-1"));
  const auto high = t.table.submit(spec("high", Priority::kHigh));
  t.table.submit(spec("normal-2"));
  const auto critical = t.table.submit(spec("critical", Priority::kCritical));
  CHECK(high.queue_position == 0);                              // ahead of low and normal-1
  CHECK(critical.queue_position == 0);                          // ahead of all
  CHECK(t.table.submit(spec("normal-3")).queue_position == 4);  // low stays behind
  CHECK(t.wakeups == 6);
  for (const char* id : {"critical", "high", "normal-1", "normal-2", "normal-3", "low"}) {
    CHECK(t.next() == id);
  }
  CHECK(t.next().empty());
}

TEST_CASE("request_id: the same request is the same job, another is refused while it lives") {
  Table t;
  const auto first = t.table.submit(spec("a", Priority::kNormal, "x"));
  CHECK_FALSE(first.existing);
  const auto again = t.table.submit(spec("a", Priority::kHigh, "x"));
  CHECK(again.existing);
  CHECK(again.id == "a");
  CHECK(t.table.counts().queued == 1);
  CHECK_THROWS_AS(t.table.submit(spec("a", Priority::kNormal, "y")), cuzk::serve::JobConflict);

  REQUIRE(t.next() == "a");
  CHECK(t.table.submit(spec("a", Priority::kNormal, "x")).existing);  // running
  CHECK_THROWS_AS(t.table.submit(spec("a", Priority::kNormal, "y")), cuzk::serve::JobConflict);
  t.finish("a", completed(7));
  // Completed: the same request gets the proof again, not a new proof.
  const auto done = t.table.submit(spec("a", Priority::kNormal, "x"));
  CHECK(done.existing);
  CHECK(t.table.counts().queued == 0);
  const auto view = t.table.await("a", std::nullopt, {});
  REQUIRE(view);
  CHECK(view->result.proof == std::vector<std::uint8_t>{7, 7});
  // Another request under the ended job's id: a new job.
  CHECK_FALSE(t.table.submit(spec("a", Priority::kNormal, "y")).existing);
  CHECK(t.state("a") == JobState::kQueued);
}

TEST_CASE("request_id: a failed or cancelled job is replaced by the retry") {
  Table t;
  t.table.submit(spec("f"));
  REQUIRE(t.next() == "f");
  JobResult failed;
  failed.error = "missing parameters";
  t.finish("f", failed);
  CHECK(t.state("f") == JobState::kFailed);
  CHECK_FALSE(t.table.submit(spec("f")).existing);
  CHECK(t.state("f") == JobState::kQueued);
  CHECK(t.table.cancel("f") == JobTable::Cancelled::kWasQueued);
  CHECK_FALSE(t.table.submit(spec("f")).existing);
  CHECK(t.next() == "f");
}

TEST_CASE("counts by kind: queued and held, and the running jobs' kinds") {
  Table t;
  t.table.submit(spec("snap-1", Priority::kHigh, "f", "snap_update"));
  t.table.submit(spec("porep-1"));
  t.table.submit(spec("porep-2"));
  REQUIRE(t.next() == "snap-1");
  auto counts = t.table.counts();
  CHECK(counts.queued == 2);
  CHECK(counts.held == 1);
  REQUIRE(counts.by_kind.size() == 2);
  CHECK(counts.by_kind["porep_c2"].queued == 2);
  CHECK(counts.by_kind["porep_c2"].held == 0);
  CHECK(counts.by_kind["snap_update"].queued == 0);
  CHECK(counts.by_kind["snap_update"].held == 1);
  REQUIRE(counts.running.size() == 1);
  CHECK(counts.running[0].id == "snap-1");
  CHECK(counts.running[0].kind == "snap_update");

  // Cancelled while held, then its id reused by a PoRep request: the prover still holds the
  // update job, and it is still counted as one.
  CHECK(t.table.cancel("snap-1") == JobTable::Cancelled::kWasRunning);
  t.table.submit(spec("snap-1", Priority::kLow, "g"));
  counts = t.table.counts();
  CHECK(counts.by_kind["snap_update"].held == 1);
  CHECK(counts.by_kind["porep_c2"].queued == 3);
  CHECK(counts.running.empty());
  t.finish("snap-1", completed(1));  // dropped: it was cancelled
  counts = t.table.counts();
  CHECK(counts.held == 0);
  CHECK(counts.by_kind.count("snap_update") == 0);
}

TEST_CASE("an empty request_id gets an id of its own") {
  Table t;
  const auto a = t.table.submit(spec(""));
  const auto b = t.table.submit(spec(""));
  CHECK(a.id.starts_with("job-"));
  CHECK(a.id != b.id);
}

TEST_CASE("cancel: a queued job ends at once; a running one too, and its late result is dropped") {
  Table t;
  t.table.submit(spec("running"));
  t.table.submit(spec("queued"));
  const auto taken = t.table.take_next();
  REQUIRE(taken);
  REQUIRE(taken->ticket.id == "running");
  REQUIRE(taken->work.sector.cancel != nullptr);
  CHECK_FALSE(taken->work.sector.cancel->load());

  CHECK(t.table.cancel("queued") == JobTable::Cancelled::kWasQueued);
  CHECK(t.state("queued") == JobState::kCancelled);
  CHECK(t.next().empty());  // no longer queued

  CHECK(t.table.cancel("running") == JobTable::Cancelled::kWasRunning);
  CHECK(taken->work.sector.cancel->load());  // the prover is told to stop
  CHECK(t.state("running") == JobState::kCancelled);
  CHECK(t.table.counts().held == 1);  // the prover still holds it
  t.table.finish(taken->ticket, completed(1));
  CHECK(t.state("running") == JobState::kCancelled);
  CHECK(t.table.counts().held == 0);

  CHECK(t.table.cancel("running") == JobTable::Cancelled::kHadEnded);
  CHECK(t.table.cancel("nobody") == JobTable::Cancelled::kUnknown);
  CHECK(t.ends == std::map<std::string, int>{{"cancelled", 2}});
}

TEST_CASE("an id cancelled while proved and reused: the old job's late result ends nothing new") {
  // The prover proves one sector while it synthesizes the next, so it can take the newer job
  // under the same id before the old one's result comes back.
  Table t;
  t.table.submit(spec("x", Priority::kNormal, "old"));
  const auto old_job = t.table.take_next();
  REQUIRE(old_job);
  CHECK(t.table.cancel("x") == JobTable::Cancelled::kWasRunning);
  CHECK_FALSE(t.table.submit(spec("x", Priority::kNormal, "new")).existing);
  const auto new_job = t.table.take_next();
  REQUIRE(new_job);
  CHECK(new_job->ticket.id == "x");
  CHECK(new_job->ticket.serial != old_job->ticket.serial);
  CHECK(t.table.counts().held == 2);

  t.table.finish(old_job->ticket, completed(1));
  CHECK(t.state("x") == JobState::kRunning);  // the new job is still being proved
  auto counts = t.table.counts();
  CHECK(counts.held == 1);
  REQUIRE(counts.running.size() == 1);
  CHECK(counts.running[0].id == "x");

  t.table.finish(new_job->ticket, completed(2));
  const auto view = t.table.await("x", std::nullopt, {});
  REQUIRE(view);
  CHECK(view->state == JobState::kCompleted);
  CHECK(view->result.proof == std::vector<std::uint8_t>{2, 2});
  CHECK(t.table.counts().held == 0);
  CHECK(t.ends == std::map<std::string, int>{{"cancelled", 1}, {"completed", 1}});
}

TEST_CASE("await: the end, a timeout, an unknown id, a waiter woken by another thread") {
  Table t;
  t.table.submit(spec("w"));
  const auto start = Clock::now();
  const auto timed_out = t.table.await("w", Clock::now() + std::chrono::milliseconds(150), {});
  REQUIRE(timed_out);
  CHECK(timed_out->state == JobState::kQueued);
  CHECK(Clock::now() - start >= std::chrono::milliseconds(150));
  CHECK_FALSE(t.table.await("nobody", std::nullopt, {}));

  REQUIRE(t.next() == "w");
  std::thread prover([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    t.finish("w", completed(3));
  });
  const auto ended = t.table.await("w", std::nullopt, {});
  prover.join();
  REQUIRE(ended);
  CHECK(ended->state == JobState::kCompleted);
  CHECK(ended->result.proof == std::vector<std::uint8_t>{3, 3});
  CHECK(ended->result.times.total_ms >= 100);

  // A waiter whose client is gone stops waiting.
  t.table.submit(spec("x"));
  std::atomic<int> asked{0};
  const auto gone = t.table.await("x", std::nullopt, [&] { return ++asked > 2; });
  REQUIRE(gone);
  CHECK(gone->state == JobState::kQueued);
}

TEST_CASE("a refused request ends FAILED at once with its reason, and is counted") {
  Table t;
  JobSpec refused = spec("snap");
  refused.work.reset();
  refused.refusal = "SNAP_DEALS_UPDATE is not supported";
  const auto s = t.table.submit(refused);
  CHECK(t.wakeups == 0);  // nothing for the prover
  const auto view = t.table.await(s.id, std::nullopt, {});
  REQUIRE(view);
  CHECK(view->state == JobState::kFailed);
  CHECK(view->result.error == "SNAP_DEALS_UPDATE is not supported");
  CHECK(t.table.counts().failed == 1);
  CHECK(t.ends == std::map<std::string, int>{{"failed", 1}});
}

TEST_CASE("close: queued and running jobs cancelled with the reason, new ones refused") {
  Table t;
  t.table.submit(spec("running"));
  t.table.submit(spec("queued"));
  const auto taken = t.table.take_next();
  REQUIRE(taken);
  t.table.close("shutting down");
  CHECK(taken->work.sector.cancel->load());
  for (const char* id : {"running", "queued"}) {
    const auto view = t.table.await(id, std::nullopt, {});
    REQUIRE(view);
    CHECK(view->state == JobState::kCancelled);
    CHECK(view->result.error == "shutting down");
  }
  CHECK(t.next().empty());
  CHECK_THROWS_AS(t.table.submit(spec("late")), cuzk::serve::TableClosed);
  CHECK(t.table.closed());
}

TEST_CASE("finished jobs: the last keep_finished are kept, older ones forgotten") {
  Table t;  // keeps 3
  for (int i = 0; i < 5; ++i) {
    const std::string id = std::string("j").append(std::to_string(i));
    t.table.submit(spec(id));
    REQUIRE(t.next() == id);
    t.finish(id, completed(static_cast<std::uint8_t>(i)));
  }
  CHECK_FALSE(t.table.await("j0", std::nullopt, {}));
  CHECK_FALSE(t.table.await("j1", std::nullopt, {}));
  for (const char* id : {"j2", "j3", "j4"}) CHECK(t.table.await(id, std::nullopt, {}));
  const auto counts = t.table.counts();
  CHECK(counts.completed == 5);
  CHECK(t.ends == std::map<std::string, int>{{"completed", 5}});
}
