// What the host and the GPU thread of a GpuProvingSession (gpu_proving_session.hpp) share: each
// sector's witnesses on their way to the GPU and its results on their way back (SectorWork), and
// the session's recorded shape, queue of sectors, failure and statistics (SessionState), all
// under one mutex. Private to the session. Only in CUDA builds.
#pragma once

#ifdef CUZK_HAVE_CUDA

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include "circuit/compact_witness.hpp"
#include "kernels/groth16/partition_prover.hpp"
#include "pipeline/gpu_sector_report.hpp"
#include "pipeline/partition_shape.hpp"

namespace cuzk::pipeline {

namespace detail {

// One sector between the host and the GPU thread. The witnesses and the flags are guarded by the
// session's mutex; the GPU thread writes the results before it marks the sector done, and the
// host reads them after seeing it done.
struct SectorWork {
  explicit SectorWork(std::size_t partitions)
      : witnesses(partitions), sums(partitions), reports(partitions) {}

  std::vector<std::unique_ptr<circuit::CompactWitness>> witnesses;
  std::shared_ptr<const std::atomic<bool>> cancel;  // this sector's own stop request, if any
  bool abandoned = false;  // by the host: the GPU thread skips what is left
  bool done = false;       // by the GPU thread: proved, failed or skipped
  std::exception_ptr error;

  std::vector<kernels::PartitionSums> sums;
  std::vector<PartitionReport> reports;  // witness_seconds by the host, the rest by the GPU
  double upload_seconds = 0;             // parameter upload this sector waited for
  double shape_upload_seconds = 0;
  std::size_t h2d_bytes = 0;  // parameters, witnesses and batch bitmaps copied to the device
  std::chrono::steady_clock::time_point first_submitted, last_result;
};

// What the host and the GPU thread share: the recorded shape (once), the queue of sectors, the
// GPU thread's own failure, and the session's statistics.
struct SessionState {
  std::mutex mutex;
  std::condition_variable changed;
  bool stopping = false;
  std::optional<RecordedR1cs> shape;
  std::deque<std::shared_ptr<SectorWork>> queue;
  std::exception_ptr failure;  // upload or shape: every sector fails with it

  std::mutex log_mutex;
  double busy_seconds = 0;                           // the union of the partitions' busy intervals
  std::chrono::steady_clock::time_point busy_until;  // the end of the last one
  double thread_seconds = 0;
  std::size_t peak_bytes = 0;

  template <class F>
  void update(F&& f) {
    {
      const std::lock_guard lock(mutex);
      f();
    }
    changed.notify_all();
  }
  template <class Ready>
  void wait(std::unique_lock<std::mutex>& lock, Ready ready) {
    changed.wait(lock, ready);
  }

  // None once the session stops.
  std::optional<RecordedR1cs> take_shape() {
    std::unique_lock lock(mutex);
    wait(lock, [&] { return stopping || shape.has_value(); });
    if (stopping) return std::nullopt;
    return std::exchange(shape, std::nullopt);
  }
  std::shared_ptr<SectorWork> next_sector() {
    std::unique_lock lock(mutex);
    wait(lock, [&] { return stopping || !queue.empty(); });
    if (stopping) return nullptr;
    std::shared_ptr<SectorWork> work = std::move(queue.front());
    queue.pop_front();
    return work;
  }
  // nullptr when the sector was abandoned or the session stops.
  std::unique_ptr<circuit::CompactWitness> take_witness(SectorWork& work, std::size_t k) {
    std::unique_lock lock(mutex);
    wait(lock, [&] { return stopping || work.abandoned || work.witnesses[k] != nullptr; });
    if (stopping || work.abandoned) return nullptr;
    return std::move(work.witnesses[k]);
  }
  // Returns the witness when nobody will take it (the sector abandoned, the GPU thread failed),
  // for the caller to free.
  std::unique_ptr<circuit::CompactWitness> put_witness(SectorWork& work, std::size_t k,
                                                       circuit::CompactWitness&& w) {
    auto owned = std::make_unique<circuit::CompactWitness>(std::move(w));
    {
      const std::lock_guard lock(mutex);
      if (work.abandoned || failure) return owned;
      work.witnesses[k] = std::move(owned);
    }
    changed.notify_all();
    return nullptr;
  }
  void abandon(SectorWork& work) {
    update([&] {
      work.abandoned = true;
      for (auto& w : work.witnesses) w.reset();
    });
  }
};

}  // namespace detail

}  // namespace cuzk::pipeline

#endif  // CUZK_HAVE_CUDA
