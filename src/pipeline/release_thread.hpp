// The state of a BackgroundRelease's thread (background_release.hpp), shared by the handle, the
// thread and the heaps it owns (partition_heap.hpp), so that a heap held past the handle finds the
// thread stopped rather than a dangling owner. Do not use directly.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "pipeline/background_release.hpp"
#include "pipeline/partition_heap.hpp"

namespace cuzk::pipeline::detail {

class ReleaseThread : public std::enable_shared_from_this<ReleaseThread> {
 public:
  // The thread's body, until stop(): serves the heaps' requests first (a synthesis thread waits
  // on each), then destroys what is queued, one object at a time. Once stopping and with nothing
  // left, hands the heaps still held to its backing heap.
  void run();
  void stop();

  void push(std::unique_ptr<Garbage> g);
  void drain();
  double busy_seconds() const;
  HeapCounts heap_counts() const;

  // PartitionHeap's side: each runs on the release thread, in place when called there.
  std::shared_ptr<PartitionHeap> new_heap();
  void* allocate(PartitionHeap& heap, std::size_t bytes, std::size_t alignment);
  void retire(PartitionHeap& heap) noexcept;  // queued, unless on the release thread
  bool contains(const PartitionHeap& heap, const void* block) const;

 private:
  // A heap's call, waited for by its caller on `served_`: make `make_for`'s heap, or allocate
  // from `heap`.
  struct Request {
    PartitionHeap* make_for = nullptr;
    mi_heap_s* heap = nullptr;
    std::size_t bytes = 0;
    std::size_t alignment = 0;
    void* result = nullptr;
    bool done = false;
  };

  bool on_thread() const { return std::this_thread::get_id() == id_; }  // under the lock
  bool idle() const { return queue_.empty() && requests_.empty() && retired_.empty() && !busy_; }
  // Runs `request` on the release thread (in place if there) and returns its result.
  void* call(std::unique_lock<std::mutex>& lock, Request& request);
  static void* serve(const Request& request);
  void serve_one_heap_call(std::unique_lock<std::mutex>& lock);
  void destroy_one(std::unique_lock<std::mutex>& lock);
  void detach_heaps();

  mutable std::mutex mutex_;
  std::condition_variable wake_;    // the thread: work, or stop
  std::condition_variable served_;  // a heap's request is done
  std::condition_variable idle_;    // drain
  std::deque<std::unique_ptr<Garbage>> queue_;
  std::vector<Request*> requests_;
  std::vector<mi_heap_s*> retired_;    // heaps whose last holder let go on another thread
  std::vector<PartitionHeap*> heaps_;  // made and not yet let go: detached on stop
  std::thread::id id_;                 // the release thread's, once it runs
  bool busy_ = false;
  bool stopping_ = false;
  bool stopped_ = false;
  double busy_seconds_ = 0;
  HeapCounts counts_;
};

}  // namespace cuzk::pipeline::detail
