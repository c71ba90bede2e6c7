// Every job the daemon knows, by id, with the queue of those waiting for the prover. Thread-safe:
// the gRPC handlers submit, await and cancel; the prover's worker takes and finishes.
//
// The queue: higher priority first, and in arrival order within a priority.
// Idempotency: a request_id names one job. Submitting it again while its job is queued, running
// or completed, with the same request (JobSpec::fingerprint), returns that job; a job that failed
// or was cancelled is replaced by a new one, so that a client's retry proves again. The same id
// with another request is refused while its job is queued or running (JobConflict), and replaces
// it once it has ended.
// Cancel: a queued job ends at once; a running one ends at once too (its waiters hear CANCELLED)
// and its cancel flag tells the prover to stop it at its next step; what the prover returns for
// it later is dropped. The prover finishes a job by the ticket it took it with, not by its id: an
// id cancelled while proved may name a newer job by then, queued or taken too (the prover proves
// one sector while it synthesizes the next), and the old job's proof must not end the new one.
// Finished jobs are kept, with their proofs, for AwaitProof and resubmissions: the last
// `keep_finished` of them.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "serve/job.hpp"
#include "util/error.hpp"

namespace cuzk::serve {

using Clock = std::chrono::steady_clock;

// The id is in use by another request that is still queued or running.
class JobConflict : public Error {
 public:
  using Error::Error;
};

// The table is closed: the daemon is shutting down.
class TableClosed : public Error {
 public:
  using Error::Error;
};

inline constexpr std::size_t kDefaultKeepFinished = 1000;

class JobTable {
 public:
  // `on_queued` is called after a job is queued and after close(), without the table's lock: the
  // prover's wake-up. `on_ended` is called once per job as it ends, under the lock: the metrics.
  JobTable(std::function<void()> on_queued,
           std::function<void(const std::string& kind, const JobResult&)> on_ended,
           std::size_t keep_finished = kDefaultKeepFinished);

  struct Submitted {
    std::string id;
    std::uint32_t queue_position = 0;  // queued jobs ahead of it; 0 once it runs or has ended
    bool existing = false;             // the same request was known: this is its job
  };
  // Throws JobConflict or TableClosed.
  Submitted submit(JobSpec spec);

  // One job the prover took: its id, and which of the jobs that id has named.
  struct Ticket {
    std::string id;
    std::uint64_t serial = 0;
  };
  struct Taken {
    Ticket ticket;
    ProofWork work;
  };
  // The next job for the prover, now running; none when nothing is queued.
  std::optional<Taken> take_next();
  // The prover's result for the job it took with `ticket`.
  void finish(const Ticket& ticket, JobResult result);

  struct View {
    JobState state = JobState::kQueued;
    JobResult result;  // once the state is final
  };
  // Waits until the job has ended, `until` has passed, or `give_up()` is true (asked every
  // 100 ms): a client gone, a server stopping. None for an unknown id.
  std::optional<View> await(const std::string& id, std::optional<Clock::time_point> until,
                            const std::function<bool()>& give_up);

  enum class Cancelled : std::uint8_t { kUnknown, kWasQueued, kWasRunning, kHadEnded };
  Cancelled cancel(const std::string& id);

  struct KindCounts {
    std::uint32_t queued = 0;
    std::uint32_t held = 0;
  };
  struct RunningJob {
    std::string id;
    std::string kind;
  };
  struct Counts {
    std::uint32_t queued = 0;
    std::uint32_t held = 0;  // taken by the prover and not yet returned (cancelled ones too)
    std::uint64_t completed = 0;
    std::uint64_t failed = 0;
    std::uint64_t cancelled = 0;
    std::map<std::string, KindCounts> by_kind;  // queued and held, by JobSpec::kind
    std::vector<RunningJob> running;            // in the order they were taken
  };
  Counts counts() const;

  // Refuses new jobs, ends every queued one and cancels the running ones (kCancelled, `reason`).
  void close(const std::string& reason);
  bool closed() const;

 private:
  struct Entry {
    std::uint64_t serial = 0;  // arrival order; also tells a replaced entry from its successor
    std::string kind;
    Priority priority = Priority::kNormal;
    std::string fingerprint;
    std::optional<ProofWork> work;  // until the prover takes it
    std::shared_ptr<std::atomic<bool>> cancel;
    JobState state = JobState::kQueued;
    JobResult result;
    Clock::time_point submitted, taken;
  };
  using QueueKey = std::pair<int, std::uint64_t>;  // (-priority, serial): the map's order
  struct Held {
    Ticket ticket;
    std::string kind;
  };

  void end(const std::string& id, Entry& entry, JobResult result);
  std::uint32_t position(const Entry& entry) const;
  void forget_old();

  std::function<void()> on_queued_;
  std::function<void(const std::string&, const JobResult&)> on_ended_;
  std::size_t keep_finished_;
  mutable std::mutex mutex_;
  std::condition_variable ended_;
  std::map<std::string, Entry> jobs_;
  std::map<QueueKey, std::string> queue_;
  std::vector<Held> held_;                                         // taken, not yet finished
  std::deque<std::pair<std::string, std::uint64_t>> ended_order_;  // (id, serial)
  std::uint64_t next_serial_ = 1;
  std::uint64_t completed_ = 0, failed_ = 0, cancelled_ = 0;
  bool closed_ = false;
};

}  // namespace cuzk::serve
