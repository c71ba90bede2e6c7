// Frees big host buffers on a thread of its own, so that the prover never waits for tens of GB to
// be unmapped on its critical path: a partition's witness once it is on the GPU, the recorded
// shape once uploaded. The same thread owns the partitions' heaps (partition_heap.hpp): it makes
// them, serves their allocations and destroys each whole when its witness is released.
#pragma once

#include <memory>
#include <thread>
#include <utility>

#include "pipeline/partition_heap.hpp"

namespace cuzk::pipeline {

namespace detail {
struct Garbage {
  virtual ~Garbage() = default;
};
}  // namespace detail

class BackgroundRelease {
 public:
  BackgroundRelease();
  // Destroys whatever is still queued, destroys the heaps let go, hands the heaps still held to
  // the thread's backing heap (their blocks stay valid), then stops.
  ~BackgroundRelease();
  BackgroundRelease(const BackgroundRelease&) = delete;
  BackgroundRelease& operator=(const BackgroundRelease&) = delete;

  // Takes `object` and destroys it later on the release thread.
  template <class T>
  void release(T&& object) {
    push(std::make_unique<Holder<std::decay_t<T>>>(std::forward<T>(object)));
  }
  // A heap of its own for one partition's buffers, made on the release thread.
  std::shared_ptr<PartitionHeap> new_heap();
  // Waits until everything handed over so far is destroyed (heaps let go included).
  void drain();
  // Seconds the release thread has spent destroying (and serving its heaps).
  double busy_seconds() const;
  HeapCounts heap_counts() const;

 private:
  template <class T>
  struct Holder final : detail::Garbage {
    explicit Holder(T&& v) : value(std::move(v)) {}
    T value;
  };

  void push(std::unique_ptr<detail::Garbage> g);

  std::shared_ptr<detail::ReleaseThread> state_;  // shared with the heaps, which may outlive this
  std::thread thread_;
};

}  // namespace cuzk::pipeline
