#include "util/prefault_thread.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <utility>

namespace cuzk {

namespace {

// Slices per range: each is at least a few MiB for ShapeCS's arrays, so a slice costs one
// system call, and stopping waits for at most one slice.
constexpr std::size_t kSlices = 64;

}  // namespace

PrefaultThread::PrefaultThread(std::vector<std::span<std::byte>> ranges)
    : thread_([this, ranges = std::move(ranges)] { run(ranges); }) {}

PrefaultThread::~PrefaultThread() {
  stop_.store(true, std::memory_order_relaxed);
  wait();
}

void PrefaultThread::wait() {
  if (thread_.joinable()) thread_.join();
}

void PrefaultThread::run([[maybe_unused]] const std::vector<std::span<std::byte>>& ranges) {
#ifdef MADV_POPULATE_WRITE
  const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
  for (std::size_t k = 0; k < kSlices; ++k) {
    for (const std::span<std::byte> r : ranges) {
      if (stop_.load(std::memory_order_relaxed)) return;
      // Whole pages only: a page the range shares with other data is left to its writers.
      const auto at = reinterpret_cast<std::uintptr_t>(r.data());
      const std::uintptr_t first = (at + page - 1) & ~(page - 1);
      const std::uintptr_t last = (at + r.size()) & ~(page - 1);
      if (last <= first) continue;
      const std::uintptr_t pages = (last - first) / page;
      const std::uintptr_t begin = first + pages * k / kSlices * page;
      const std::uintptr_t end = first + pages * (k + 1) / kSlices * page;
      if (end == begin) continue;
      if (madvise(reinterpret_cast<void*>(begin), end - begin, MADV_POPULATE_WRITE) != 0 &&
          errno == EINVAL) {
        return;  // a kernel without the advice
      }
    }
  }
#endif
}

}  // namespace cuzk
