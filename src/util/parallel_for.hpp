// An OpenMP loop over independent items whose body may throw. An exception must not leave an
// OpenMP region, so each failure is caught on its thread and, once the loop is done, the failure
// of the lowest index is rethrown on the calling thread: the error a caller reports is the one a
// sequential loop would have stopped at, whatever the scheduling, so the same input always fails
// with the same message. After a failure at index f, the items above f that have not started are
// skipped (a failed loop of millions of items stops at once); every item below f still runs, since
// one of them might fail too and would then be the one to report.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <mutex>

namespace cuzk {

// Calls body(i) for every i in [0, count), `chunk` consecutive indices at a time from a shared
// queue (1 for tasks of very different sizes: put the largest first; more for many small items).
template <class Body>
void parallel_for(std::size_t count, std::size_t chunk, const Body& body) {
  std::atomic<std::size_t> first_failed{count};  // count: no failure yet
  std::exception_ptr failure;                    // that of index first_failed
  std::mutex failure_mutex;
  const auto n = static_cast<std::int64_t>(count);
  const auto chunk_size = static_cast<std::int64_t>(chunk == 0 ? 1 : chunk);
#pragma omp parallel for schedule(dynamic, chunk_size)
  for (std::int64_t i = 0; i < n; ++i) {
    const auto index = static_cast<std::size_t>(i);
    // first_failed only decreases, so an index below the final one is never skipped.
    if (index > first_failed.load(std::memory_order_relaxed)) continue;
    try {
      body(index);
    } catch (...) {
      const std::lock_guard lock(failure_mutex);
      if (index < first_failed.load(std::memory_order_relaxed)) {
        failure = std::current_exception();
        first_failed.store(index, std::memory_order_relaxed);
      }
    }
  }
  if (failure) std::rethrow_exception(failure);
}

}  // namespace cuzk
