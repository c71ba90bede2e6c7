// An OpenMP loop whose body may throw: an exception must not leave an OpenMP region, so the first
// one is caught, the remaining iterations are skipped, and it is rethrown on the calling thread.
#pragma once

#include <atomic>
#include <cstdint>
#include <exception>
#include <mutex>

namespace cuzk::sealing {

template <class Body>
void parallel_for(std::uint64_t count, std::int64_t chunk, Body&& body) {
  std::exception_ptr error;
  std::once_flag first;
  std::atomic<bool> failed{false};
  const auto n = static_cast<std::int64_t>(count);
#pragma omp parallel for schedule(dynamic, chunk)
  for (std::int64_t i = 0; i < n; ++i) {
    if (failed.load(std::memory_order_relaxed)) continue;
    try {
      body(static_cast<std::uint64_t>(i));
    } catch (...) {
      std::call_once(first, [&] { error = std::current_exception(); });
      failed.store(true, std::memory_order_relaxed);
    }
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace cuzk::sealing
