#include "serve/prover_worker.hpp"

#include <cmath>
#include <filesystem>
#include <future>
#include <memory>
#include <optional>
#include <system_error>
#include <utility>
#include <vector>

#include "serve/circuit_id.hpp"
#include "util/error.hpp"

namespace cuzk::serve {

namespace {

using NamedValues = pipeline::NamedValues;

std::uint64_t milliseconds(double seconds) {
  return seconds > 0 ? static_cast<std::uint64_t>(std::llround(seconds * 1000)) : 0;
}

double sum_named(const NamedValues& values, std::string_view name) {
  double sum = 0;
  for (const auto& [n, v] : values) {
    if (n == name) sum += v;
  }
  return sum;
}

// A job's end as the table keeps it. An interruption is a cancel: the job's own, or every job's
// at shutdown (the table has recorded either end already, and keeps it).
JobResult result_from(pipeline::JobReport&& report) {
  JobResult r;
  if (!report.failure) {
    r.state = JobState::kCompleted;
    r.proof = std::move(report.proof);
  } else {
    r.state = report.failure->kind == pipeline::FailureKind::kInterrupted ? JobState::kCancelled
                                                                          : JobState::kFailed;
    r.error = std::move(report.failure->message);
  }
  const pipeline::TimingReport& t = report.timings;
  r.times.srs_load_ms = milliseconds(sum_named(t.phases, "load_params"));
  r.times.synthesis_ms = milliseconds(sum_named(t.phases, "synthesize"));
  r.times.gpu_compute_ms = milliseconds(sum_named(t.totals, "gpu_s"));
  r.phases = t.phases;
  return r;
}

std::uint64_t file_bytes(const std::filesystem::path& path) {
  std::error_code ec;
  const std::uintmax_t size = std::filesystem::file_size(path, ec);
  return ec ? 0 : static_cast<std::uint64_t>(size);
}

}  // namespace

// The queue's events: each job's end goes to the table, with a line for the operator.
class ProverWorker::Observer final : public pipeline::JobObserver {
 public:
  explicit Observer(ProverWorker& worker) : worker_(worker) {}

  void input_read(std::size_t number, const pipeline::SectorJob&,
                  const pipeline::CircuitKind& kind) override {
    detail("job " + worker_.tickets_[number].id + ": " + pipeline::circuit_name(kind) + ", " +
           std::to_string(pipeline::partition_count(kind)) + " partition(s)");
  }
  void backend_chosen(std::size_t, const pipeline::BackendChoice& choice) override {
    const std::lock_guard lock(worker_.mutex_);
    worker_.snapshot_.gpu = choice.gpu;
    worker_.snapshot_.device = choice.gpu ? choice.device.index() : -1;
  }
  void job_ended(const pipeline::JobReport& report) override {
    const auto it = worker_.tickets_.find(report.number);
    if (it == worker_.tickets_.end()) return;
    const JobTable::Ticket ticket = std::move(it->second);
    worker_.tickets_.erase(it);
    const std::string& id = ticket.id;
    JobResult result = result_from(pipeline::JobReport(report));
    if (result.state == JobState::kCompleted) {
      log("job " + id + ": proved and verified, " + std::to_string(result.proof.size()) +
          " bytes, in " + std::to_string(report.timings.total_seconds) + " s");
    } else {
      log("job " + id + ": " + (result.state == JobState::kCancelled ? "stopped: " : "failed: ") +
          result.error);
    }
    worker_.table_.finish(ticket, std::move(result));
  }

 private:
  void log(const std::string& line) const {
    if (worker_.options_.proving.observer != nullptr) worker_.options_.proving.observer->log(line);
  }
  void detail(const std::string& line) const {
    if (worker_.options_.proving.observer != nullptr) {
      worker_.options_.proving.observer->detail(line);
    }
  }

  ProverWorker& worker_;
};

ProverWorker::ProverWorker(JobTable& table, WorkerOptions options)
    : table_(table), options_(std::move(options)), thread_([this] { run(); }) {}

ProverWorker::~ProverWorker() {
  stop();
  if (thread_.joinable()) thread_.join();
}

void ProverWorker::wake() {
  wakeups_.fetch_add(1);
  wakeups_.notify_all();
}

void ProverWorker::stop() {
  stopping_.store(true);
  wake();
}

WorkerSnapshot ProverWorker::snapshot() const {
  const std::lock_guard lock(mutex_);
  return snapshot_;
}

template <class T>
T ProverWorker::call(std::function<T(pipeline::JobQueue&)> command) {
  auto promise = std::make_shared<std::promise<T>>();
  std::future<T> done = promise->get_future();
  {
    const std::lock_guard lock(mutex_);
    if (stopping_.load()) throw TableClosed("the daemon is shutting down");
    // What the command changed is published before its caller hears it is done, so that a
    // GetStatus right after a PreloadSRS sees the parameters.
    commands_.push_back([this, promise, command = std::move(command)](pipeline::JobQueue& queue) {
      try {
        T value = command(queue);
        publish(queue);
        promise->set_value(std::move(value));
      } catch (...) {
        publish(queue);
        promise->set_exception(std::current_exception());
      }
    });
  }
  wake();
  try {
    return done.get();
  } catch (const std::future_error&) {
    throw TableClosed("the daemon is shutting down");  // the worker ended before the command ran
  }
}

PreloadOutcome ProverWorker::preload(const pipeline::CircuitKind& kind) {
  return call<PreloadOutcome>([kind](pipeline::JobQueue& queue) {
    const auto start = std::chrono::steady_clock::now();
    PreloadOutcome outcome;
    outcome.already_loaded = !queue.preload(kind);
    outcome.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return outcome;
  });
}

EvictOutcome ProverWorker::evict(const pipeline::CircuitKind& kind) {
  return call<EvictOutcome>([kind](pipeline::JobQueue& queue) {
    EvictOutcome outcome;
    const std::optional<pipeline::CircuitKind> loaded = queue.loaded_proof();
    if (!loaded || circuit_id(*loaded) != circuit_id(kind)) return outcome;
    outcome.freed_bytes = file_bytes(queue.loaded_parameters_path());
    outcome.was_loaded = queue.release();
    return outcome;
  });
}

void ProverWorker::run() {
  try {
    serve_jobs();
  } catch (...) {
    // Not a job's failure (the queue reports those): the worker cannot go on. The daemon sees
    // failure() and stops; waiting clients hear why.
    const std::string reason =
        "the prover failed: " + pipeline::failure_from_current_exception().message;
    if (options_.proving.observer != nullptr) options_.proving.observer->warn(reason);
    {
      const std::lock_guard lock(mutex_);
      failure_ = reason;
      stopping_.store(true);  // no more commands are taken
      commands_.clear();
    }
    table_.close(reason);
  }
}

std::string ProverWorker::failure() const {
  const std::lock_guard lock(mutex_);
  return failure_;
}

void ProverWorker::serve_jobs() {
  Observer observer(*this);
  pipeline::JobQueue queue(options_.proving, options_.load_parameters, observer);
  for (;;) {
    const std::uint64_t seen = wakeups_.load();
    if (run_commands(queue)) continue;
    if (std::optional<JobTable::Taken> job = table_.take_next()) {
      prove(queue, std::move(*job));
      continue;
    }
    if (queue.has_pending()) {
      queue.finish_pending();
      publish(queue);
      continue;
    }
    if (stopping_.load()) break;
    wakeups_.wait(seen);
  }
  // Commands that came too late: their callers hear that the daemon is shutting down.
  const std::lock_guard lock(mutex_);
  commands_.clear();
}

// True when there was one to run.
bool ProverWorker::run_commands(pipeline::JobQueue& queue) {
  Command command;
  {
    const std::lock_guard lock(mutex_);
    if (commands_.empty()) return false;
    command = std::move(commands_.front());
    commands_.pop_front();
  }
  command(queue);
  return true;
}

void ProverWorker::prove(pipeline::JobQueue& queue, JobTable::Taken&& job) {
  const std::size_t number = next_number_++;
  tickets_[number] = job.ticket;
  queue.submit(number, std::move(job.work.sector));
  publish(queue);
}

void ProverWorker::publish(const pipeline::JobQueue& queue) {
  WorkerSnapshot s;
  s.loaded = queue.loaded_proof();
  s.parameter_bytes = s.loaded ? file_bytes(queue.loaded_parameters_path()) : 0;
  s.gpu_busy_seconds = queue.gpu_use().busy_seconds;
  s.page_locked_bytes = queue.page_locked_bytes();
  const std::lock_guard lock(mutex_);
  s.gpu = snapshot_.gpu;
  s.device = snapshot_.device;
  snapshot_ = s;
}

}  // namespace cuzk::serve
