// Independent tasks on the OpenMP threads, for bodies that may throw: an exception must not leave
// an OpenMP region, so each task's is kept, and once all tasks are done the one of the lowest
// index is rethrown on the calling thread. Every task runs (unlike sealing::parallel_for, which
// skips the rest after a failure), so the error a caller reports does not depend on scheduling:
// the same input fails with the same message, as a sequential loop would.
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <vector>

namespace cuzk {

// Calls task(i) for every i in [0, count), one index at a time from a shared queue (tasks of
// very different sizes: put the largest first).
template <class Task>
void run_parallel_tasks(std::size_t count, const Task& task) {
  std::vector<std::exception_ptr> failures(count);
  const auto n = static_cast<std::int64_t>(count);
#pragma omp parallel for schedule(dynamic, 1)
  for (std::int64_t i = 0; i < n; ++i) {
    try {
      task(static_cast<std::size_t>(i));
    } catch (...) {
      failures[static_cast<std::size_t>(i)] = std::current_exception();
    }
  }
  for (const std::exception_ptr& e : failures) {
    if (e) std::rethrow_exception(e);
  }
}

}  // namespace cuzk
