#include "serve/job_table.hpp"

#include <algorithm>
#include <array>
#include <iterator>

#include "util/hex.hpp"
#include "util/os_random.hpp"

namespace cuzk::serve {

namespace {

std::uint64_t milliseconds_between(Clock::time_point from, Clock::time_point to) {
  if (to <= from) return 0;
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(to - from).count());
}

// For a request without an id: 64 random bits, so that ids never repeat across restarts.
std::string new_job_id() {
  std::array<std::uint8_t, 8> bytes{};
  os_random_bytes(bytes);
  return "job-" + to_hex(bytes);
}

}  // namespace

bool is_final(JobState state) {
  return state == JobState::kCompleted || state == JobState::kFailed ||
         state == JobState::kCancelled;
}

JobTable::JobTable(std::function<void()> on_queued,
                   std::function<void(const std::string&, const JobResult&)> on_ended,
                   std::size_t keep_finished)
    : on_queued_(std::move(on_queued)),
      on_ended_(std::move(on_ended)),
      keep_finished_(std::max<std::size_t>(keep_finished, 1)) {}

JobTable::Submitted JobTable::submit(JobSpec spec) {
  if (spec.id.empty()) spec.id = new_job_id();
  Submitted submitted{spec.id, 0, false};
  bool queued = false;
  {
    const std::lock_guard lock(mutex_);
    if (closed_) throw TableClosed("the daemon is shutting down");
    if (const auto it = jobs_.find(spec.id); it != jobs_.end()) {
      Entry& old = it->second;
      const bool same = old.fingerprint == spec.fingerprint;
      if (same && old.state != JobState::kFailed && old.state != JobState::kCancelled) {
        submitted.existing = true;
        submitted.queue_position = old.state == JobState::kQueued ? position(old) : 0;
        return submitted;
      }
      if (!is_final(old.state)) {
        throw JobConflict("request_id '" + spec.id +
                          "' names another request, which is still queued or being proved");
      }
      jobs_.erase(it);  // a retry, or a new request under an old id: a new job
    }
    Entry entry;
    entry.serial = next_serial_++;
    entry.kind = std::move(spec.kind);
    entry.priority = spec.priority;
    entry.fingerprint = std::move(spec.fingerprint);
    entry.cancel = std::make_shared<std::atomic<bool>>(false);
    entry.submitted = Clock::now();
    Entry& e = jobs_.emplace(spec.id, std::move(entry)).first->second;
    if (spec.work) {
      e.work = std::move(spec.work);
      e.work->sector.cancel = e.cancel;
      queue_.emplace(QueueKey{-static_cast<int>(e.priority), e.serial}, spec.id);
      submitted.queue_position = position(e);
      queued = true;
    } else {
      JobResult refused;
      refused.error = std::move(spec.refusal);
      end(spec.id, e, std::move(refused));
    }
  }
  if (queued && on_queued_) on_queued_();
  return submitted;
}

std::optional<JobTable::Taken> JobTable::take_next() {
  const std::lock_guard lock(mutex_);
  if (queue_.empty()) return std::nullopt;
  const auto first = queue_.begin();
  const std::string id = first->second;
  queue_.erase(first);
  Entry& e = jobs_.at(id);
  e.state = JobState::kRunning;
  e.taken = Clock::now();
  Taken taken{{id, e.serial}, std::move(*e.work)};
  e.work.reset();
  held_.push_back({taken.ticket, e.kind});
  return taken;
}

void JobTable::finish(const Ticket& ticket, JobResult result) {
  const std::lock_guard lock(mutex_);
  std::erase_if(held_, [&ticket](const Held& held) { return held.ticket.serial == ticket.serial; });
  const auto it = jobs_.find(ticket.id);
  // Cancelled while the prover had it, forgotten since, or its id reused by a newer job: the
  // cancel's end stands, and the newer job is not this one.
  if (it == jobs_.end() || it->second.serial != ticket.serial ||
      it->second.state != JobState::kRunning) {
    return;
  }
  end(ticket.id, it->second, std::move(result));
}

std::optional<JobTable::View> JobTable::await(const std::string& id,
                                              std::optional<Clock::time_point> until,
                                              const std::function<bool()>& give_up) {
  std::unique_lock lock(mutex_);
  for (;;) {
    const auto it = jobs_.find(id);
    if (it == jobs_.end()) return std::nullopt;
    const Entry& e = it->second;
    const Clock::time_point now = Clock::now();
    if (is_final(e.state) || (until && now >= *until) || (give_up && give_up())) {
      return View{e.state, is_final(e.state) ? e.result : JobResult{}};
    }
    Clock::time_point wake = now + std::chrono::milliseconds(100);
    if (until) wake = std::min(wake, *until);
    ended_.wait_until(lock, wake);
  }
}

JobTable::Cancelled JobTable::cancel(const std::string& id) {
  const std::lock_guard lock(mutex_);
  const auto it = jobs_.find(id);
  if (it == jobs_.end()) return Cancelled::kUnknown;
  Entry& e = it->second;
  if (is_final(e.state)) return Cancelled::kHadEnded;
  const bool running = e.state == JobState::kRunning;
  e.cancel->store(true);
  if (!running) queue_.erase(QueueKey{-static_cast<int>(e.priority), e.serial});
  JobResult cancelled;
  cancelled.state = JobState::kCancelled;
  cancelled.error = running ? "cancelled while being proved" : "cancelled while queued";
  end(id, e, std::move(cancelled));
  return running ? Cancelled::kWasRunning : Cancelled::kWasQueued;
}

JobTable::Counts JobTable::counts() const {
  const std::lock_guard lock(mutex_);
  Counts c;
  c.queued = static_cast<std::uint32_t>(queue_.size());
  c.held = static_cast<std::uint32_t>(held_.size());
  c.completed = completed_;
  c.failed = failed_;
  c.cancelled = cancelled_;
  for (const auto& [key, id] : queue_) ++c.by_kind[jobs_.at(id).kind].queued;
  for (const Held& held : held_) {
    ++c.by_kind[held.kind].held;
    // The kind was recorded when taken: the id may name a newer request since.
    const auto it = jobs_.find(held.ticket.id);
    if (it != jobs_.end() && it->second.serial == held.ticket.serial &&
        it->second.state == JobState::kRunning) {
      c.running.push_back({held.ticket.id, held.kind});
    }
  }
  return c;
}

void JobTable::close(const std::string& reason) {
  {
    const std::lock_guard lock(mutex_);
    if (closed_) return;
    closed_ = true;
    for (auto& [id, e] : jobs_) {
      if (is_final(e.state)) continue;
      e.cancel->store(true);
      JobResult cancelled;
      cancelled.state = JobState::kCancelled;
      cancelled.error = reason;
      end(id, e, std::move(cancelled));
    }
    queue_.clear();
  }
  if (on_queued_) on_queued_();
}

bool JobTable::closed() const {
  const std::lock_guard lock(mutex_);
  return closed_;
}

// Under the lock.
void JobTable::end(const std::string& id, Entry& e, JobResult result) {
  const Clock::time_point now = Clock::now();
  const bool was_taken = e.state == JobState::kRunning;
  e.state = result.state;
  e.result = std::move(result);
  e.work.reset();  // the C1's bytes go now, not when the entry is forgotten
  e.result.times.queue_wait_ms = milliseconds_between(e.submitted, was_taken ? e.taken : now);
  e.result.times.total_ms = milliseconds_between(e.submitted, now);
  switch (e.state) {
    case JobState::kCompleted:
      ++completed_;
      break;
    case JobState::kCancelled:
      ++cancelled_;
      break;
    default:
      ++failed_;
      break;
  }
  if (on_ended_) on_ended_(e.kind, e.result);
  ended_order_.emplace_back(id, e.serial);
  forget_old();
  ended_.notify_all();
}

// Under the lock: queued jobs ahead of `e`.
std::uint32_t JobTable::position(const Entry& e) const {
  const auto it = queue_.find(QueueKey{-static_cast<int>(e.priority), e.serial});
  return static_cast<std::uint32_t>(std::distance(queue_.begin(), it));
}

// Under the lock: the ended jobs beyond the last keep_finished_ (an id replaced since ended has
// a new serial, and is not this entry).
void JobTable::forget_old() {
  while (ended_order_.size() > keep_finished_) {
    const auto [id, serial] = ended_order_.front();
    ended_order_.pop_front();
    const auto it = jobs_.find(id);
    if (it != jobs_.end() && it->second.serial == serial && is_final(it->second.state)) {
      jobs_.erase(it);
    }
  }
}

}  // namespace cuzk::serve
