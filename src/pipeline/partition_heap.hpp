// One partition's host memory: a mimalloc heap of its own behind std::pmr, so that the partition's
// witness (its inputs, bits and wide values, circuit/compact_witness.hpp) is allocated from it,
// and the heap ended whole once the last holder lets go.
//
// mimalloc 2.0 (Debian 12's) lets only the thread that made a heap allocate from it and delete
// it; any thread may free its blocks (mi_free). So every heap belongs to one thread that lives as
// long as it does, the release thread (background_release.hpp), and is made through it: the heap
// is made there; an allocation from another thread is a short request to it (a handful per
// partition), done in place on it; and the heap is ended there, in place when the last holder
// lets go on the release thread (a witness released once on the GPU), queued there otherwise.
// Ended with mi_heap_delete, not mi_heap_destroy: the heap may have reclaimed pages of exited
// threads whose blocks are still in use (release_thread.cpp says why). A heap still held when the
// release thread stops is handed to that thread's backing heap the same way (its blocks stay
// valid, for whoever holds them to free), and from then on allocates from the caller's own
// mimalloc heap.
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <memory_resource>

struct mi_heap_s;

namespace cuzk::pipeline {

namespace detail {
class ReleaseThread;
}

// What a release thread did with its heaps.
struct HeapCounts {
  std::size_t made = 0;
  std::size_t destroyed = 0;  // ended on the release thread once their last holder let go
  std::size_t detached = 0;   // still held when the thread stopped: handed to its backing heap
};

class PartitionHeap final : public std::pmr::memory_resource {
 public:
  // Made only by the release thread (BackgroundRelease::new_heap).
  class Key {
    friend class detail::ReleaseThread;
    Key() = default;
  };
  PartitionHeap(Key, std::shared_ptr<detail::ReleaseThread> owner);
  // Destroys the heap whole on the release thread; its blocks must all be freed by then (a
  // witness frees its containers before it lets its heap go).
  ~PartitionHeap() override;
  PartitionHeap(const PartitionHeap&) = delete;
  PartitionHeap& operator=(const PartitionHeap&) = delete;

  // Whether `block` (any pointer) is a block of this heap; false once the release thread stopped.
  bool contains(const void* block) const;
  // Blocks allocated from this resource and not yet freed.
  std::size_t live_blocks() const { return live_blocks_.load(std::memory_order_relaxed); }

 private:
  friend class detail::ReleaseThread;

  void* do_allocate(std::size_t bytes, std::size_t alignment) override;
  void do_deallocate(void* block, std::size_t bytes, std::size_t alignment) override;
  bool do_is_equal(const std::pmr::memory_resource& other) const noexcept override {
    return this == &other;
  }

  std::shared_ptr<detail::ReleaseThread> owner_;  // kept: the thread's state outlives its handle
  mi_heap_s* heap_ = nullptr;  // under the owner's lock; nullptr once it stopped (or never made)
  std::atomic<std::size_t> live_blocks_ = 0;
};

}  // namespace cuzk::pipeline
