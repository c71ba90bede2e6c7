// A thread that faults in the pages of some memory ranges while another thread fills them, front
// to back and all at once (ShapeCS's nine arrays): the writer then finds its pages present
// instead of taking a page fault every 4 KiB. It uses MADV_POPULATE_WRITE, which faults a page in
// as a write would but leaves its contents alone, so it never races with the writer on data.
// It advances a slice of every range at a time, to stay ahead of the writer everywhere.
//
// Best effort: where the kernel lacks the advice (before Linux 5.14) it stops at once and the
// writer faults its pages in itself, as it would have anyway.
#pragma once

#include <atomic>
#include <cstddef>
#include <span>
#include <thread>
#include <vector>

namespace cuzk {

class PrefaultThread {
 public:
  explicit PrefaultThread(std::vector<std::span<std::byte>> ranges);
  // Stops it (between two slices) and joins it: destroy it before any range is freed or moved.
  ~PrefaultThread();
  // Waits until every page is faulted in (or the advice turned out to be missing).
  void wait();

  PrefaultThread(const PrefaultThread&) = delete;
  PrefaultThread& operator=(const PrefaultThread&) = delete;

 private:
  void run(const std::vector<std::span<std::byte>>& ranges);

  std::atomic<bool> stop_{false};
  std::thread thread_;  // last: it starts once stop_ exists
};

}  // namespace cuzk
