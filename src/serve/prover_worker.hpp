// The thread that proves the daemon's jobs: it owns one pipeline::JobQueue (so one set of
// parameters and one sector prover, kept from job to job while the registered proof stays the
// same: PoRep and update jobs alike, the parameters swapped when the next job is of another) and
// feeds it from the job table (job_table.hpp), highest priority first. On the GPU the queue returns
// once a sector is synthesized and handed to the device, so the worker takes the next job and
// synthesizes it while the GPU proves the one before; when no job is waiting it finishes the one in
// flight, so that its client hears at once.
//
// One worker proves on one GPU (or the CPU). More GPUs would be one worker each, with its own
// JobQueue on ProvingOptions::devices = {its device}, all taking from the same table.
//
// PreloadSRS and EvictSRS run on the worker's thread too, between jobs, since the queue is not
// shared: preload() and evict() wait for their turn and their end.
#pragma once

#include <atomic>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "pipeline/circuit_kind.hpp"
#include "pipeline/job_queue.hpp"
#include "pipeline/proving_options.hpp"
#include "serve/job_table.hpp"

namespace cuzk::serve {

struct WorkerOptions {
  // Backend, devices, GPU memory limit. The observer hears the provers' progress and the
  // worker's lines; its log, warn and detail must be safe to call from several threads.
  pipeline::ProvingOptions proving;
  // Finds and maps a registered proof's parameter file (the command line's lookup); its failure
  // fails the job that needed it.
  pipeline::ParameterLoader load_parameters;
};

// What the worker holds, for GetStatus and GetMetrics.
struct WorkerSnapshot {
  std::optional<pipeline::CircuitKind> loaded;  // the parameters' registered proof
  std::uint64_t parameter_bytes = 0;            // their file's size
  bool gpu = false;                             // proved on a GPU
  int device = -1;                              // which, when gpu
  double gpu_busy_seconds = 0;
  std::uint64_t page_locked_bytes = 0;  // host memory held page-locked (JobQueue's)
};

struct PreloadOutcome {
  bool already_loaded = false;
  double seconds = 0;
};

struct EvictOutcome {
  bool was_loaded = false;
  std::uint64_t freed_bytes = 0;
};

class ProverWorker {
 public:
  // Starts the thread.
  ProverWorker(JobTable& table, WorkerOptions options);
  // Stops the thread (stop()) and waits for it.
  ~ProverWorker();
  ProverWorker(const ProverWorker&) = delete;
  ProverWorker& operator=(const ProverWorker&) = delete;

  // A job was queued (or the table closed): look again.
  void wake();
  // Ends the thread once the jobs it holds have ended (close the table first to cancel them).
  void stop();

  // Throws cuzk::Error as the parameter loader does, or when the worker has stopped.
  PreloadOutcome preload(const pipeline::CircuitKind& kind);
  // Lets the parameters go if they are `kind`'s (for a seal proof, its size's: they share the
  // file).
  EvictOutcome evict(const pipeline::CircuitKind& kind);

  WorkerSnapshot snapshot() const;
  // The worker's own failure (not a job's), which ended it and closed the table; empty if none.
  std::string failure() const;

 private:
  class Observer;
  using Command = std::function<void(pipeline::JobQueue&)>;

  void run();
  void serve_jobs();
  bool run_commands(pipeline::JobQueue& queue);
  void prove(pipeline::JobQueue& queue, JobTable::Taken&& job);
  void publish(const pipeline::JobQueue& queue);
  // Runs `command` on the worker thread and waits for it; throws what it throws.
  template <class T>
  T call(std::function<T(pipeline::JobQueue&)> command);

  JobTable& table_;
  WorkerOptions options_;
  std::atomic<std::uint64_t> wakeups_{0};  // bumped by wake(): the thread waits on it
  std::atomic<bool> stopping_{false};
  mutable std::mutex mutex_;  // guards the commands and the snapshot
  std::deque<Command> commands_;
  WorkerSnapshot snapshot_;
  std::string failure_;
  std::map<std::size_t, JobTable::Ticket> tickets_;  // job number -> its job, worker thread only
  std::size_t next_number_ = 1;
  std::thread thread_;  // last: started once everything above is ready
};

}  // namespace cuzk::serve
