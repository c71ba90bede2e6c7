#include "pipeline/release_thread.hpp"

#include <mimalloc.h>

#include <algorithm>
#include <cassert>
#include <chrono>
#include <new>
#include <utility>

namespace cuzk::pipeline::detail {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Ends a heap whose own blocks are all freed (a witness frees its containers before it lets its
// heap go). mi_heap_delete, not mi_heap_destroy: mimalloc 2.0.9 (Debian 12's) lets a heap made by
// mi_heap_new reclaim the abandoned segments of threads that have exited (mi_segment_try_reclaim
// does not look at the heap's no_reclaim flag), so a partition's heap can hold pages whose live
// blocks belong to someone else: a std::async thread's, or the Poseidon constants that a thread
// long gone first built. mi_heap_destroy frees such pages whole, and on the H200 it freed the
// constants under the synthesis of the next sector (a segfault in one run of two). mi_heap_delete
// hands those pages to this thread's backing heap, where their blocks stay valid.
void end_heap(mi_heap_s* heap) { mi_heap_delete(heap); }

}  // namespace

void ReleaseThread::run() {
  std::unique_lock lock(mutex_);
  id_ = std::this_thread::get_id();
  for (;;) {
    wake_.wait(lock, [this] {
      return stopping_ || !queue_.empty() || !requests_.empty() || !retired_.empty();
    });
    if (!requests_.empty() || !retired_.empty()) {
      serve_one_heap_call(lock);
    } else if (!queue_.empty()) {
      destroy_one(lock);
    } else {  // stopping, nothing left
      detach_heaps();
      stopped_ = true;
      idle_.notify_all();
      return;
    }
    if (idle()) idle_.notify_all();
  }
}

void ReleaseThread::stop() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
}

void ReleaseThread::push(std::unique_ptr<Garbage> g) {
  {
    const std::lock_guard lock(mutex_);
    queue_.push_back(std::move(g));
  }
  wake_.notify_one();
}

void ReleaseThread::drain() {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [this] { return idle(); });
}

double ReleaseThread::busy_seconds() const {
  const std::lock_guard lock(mutex_);
  return busy_seconds_;
}

HeapCounts ReleaseThread::heap_counts() const {
  const std::lock_guard lock(mutex_);
  return counts_;
}

std::shared_ptr<PartitionHeap> ReleaseThread::new_heap() {
  auto heap = std::make_shared<PartitionHeap>(PartitionHeap::Key{}, shared_from_this());
  std::unique_lock lock(mutex_);
  // Stopped: the heap is never made, and allocates from its callers' own mimalloc heaps.
  if (stopped_) return heap;
  // Listed before it is made, so that the stop finds it once made. retire() lists a heap let go
  // on another thread without allocating (it runs in a destructor): room for every heap listed.
  heaps_.push_back(heap.get());
  try {
    retired_.reserve(retired_.size() + heaps_.size());
  } catch (...) {
    heaps_.pop_back();
    throw;
  }
  Request make;
  make.make_for = heap.get();
  call(lock, make);
  if (heap->heap_ == nullptr) {
    std::erase(heaps_, heap.get());
    throw std::bad_alloc();
  }
  ++counts_.made;
  return heap;
}

void* ReleaseThread::allocate(PartitionHeap& heap, std::size_t bytes, std::size_t alignment) {
  std::unique_lock lock(mutex_);
  if (heap.heap_ == nullptr) {  // the thread has stopped: any thread may use its own heap
    lock.unlock();
    return mi_malloc_aligned(bytes, alignment);
  }
  Request r;
  r.heap = heap.heap_;
  r.bytes = bytes;
  r.alignment = alignment;
  return call(lock, r);
}

void ReleaseThread::retire(PartitionHeap& heap) noexcept {
  std::unique_lock lock(mutex_);
  mi_heap_s* const h = std::exchange(heap.heap_, nullptr);
  if (h == nullptr) return;  // handed to the backing heap at the stop, or never made
  std::erase(heaps_, &heap);
  assert(heap.live_blocks() == 0 && "a heap's blocks are freed before the heap is let go");
  if (on_thread()) {
    lock.unlock();
    end_heap(h);
    lock.lock();
    ++counts_.destroyed;
    return;
  }
  retired_.push_back(h);  // within the capacity new_heap reserved
  wake_.notify_one();
}

bool ReleaseThread::contains(const PartitionHeap& heap, const void* block) const {
  const std::lock_guard lock(mutex_);
  // mi_is_in_heap_region first: mi_heap_contains_block reads the segment a pointer would lie in.
  return heap.heap_ != nullptr && mi_is_in_heap_region(block) &&
         mi_heap_contains_block(heap.heap_, block);
}

void* ReleaseThread::call(std::unique_lock<std::mutex>& lock, Request& r) {
  if (on_thread()) {
    lock.unlock();
    r.result = serve(r);
    lock.lock();
    if (r.make_for != nullptr) r.make_for->heap_ = static_cast<mi_heap_s*>(r.result);
    return r.result;
  }
  requests_.push_back(&r);
  wake_.notify_one();
  served_.wait(lock, [&] { return r.done; });
  return r.result;
}

void* ReleaseThread::serve(const Request& r) {
  if (r.make_for != nullptr) return mi_heap_new();
  return mi_heap_malloc_aligned(r.heap, r.bytes, r.alignment);
}

// One request or one heap let go at a time, the lock released meanwhile: nothing here allocates
// (retired_ keeps the capacity new_heap reserved).
void ReleaseThread::serve_one_heap_call(std::unique_lock<std::mutex>& lock) {
  busy_ = true;
  const Clock::time_point start = Clock::now();
  if (!requests_.empty()) {
    Request* const r = requests_.back();
    requests_.pop_back();
    lock.unlock();
    void* const result = serve(*r);
    lock.lock();
    // Made under the lock the stop takes, so that a heap made is a heap the stop detaches.
    if (r->make_for != nullptr) r->make_for->heap_ = static_cast<mi_heap_s*>(result);
    r->result = result;
    r->done = true;
    served_.notify_all();
  } else {
    mi_heap_s* const h = retired_.back();
    retired_.pop_back();
    lock.unlock();
    end_heap(h);
    lock.lock();
    ++counts_.destroyed;
  }
  busy_seconds_ += seconds_since(start);
  busy_ = false;
}

void ReleaseThread::destroy_one(std::unique_lock<std::mutex>& lock) {
  std::unique_ptr<Garbage> g = std::move(queue_.front());
  queue_.pop_front();
  busy_ = true;
  lock.unlock();
  const Clock::time_point start = Clock::now();
  g.reset();  // a witness's heap is destroyed here, in place (retire)
  const double seconds = seconds_since(start);
  lock.lock();
  busy_seconds_ += seconds;
  busy_ = false;
}

// mi_heap_delete, unlike mi_heap_destroy, keeps the heap's live blocks valid: they move to this
// thread's backing heap, which mimalloc abandons when the thread exits, and any thread may still
// free them.
void ReleaseThread::detach_heaps() {
  for (PartitionHeap* heap : heaps_) {
    if (heap->heap_ == nullptr) continue;
    mi_heap_delete(std::exchange(heap->heap_, nullptr));
    ++counts_.detached;
  }
  heaps_.clear();
}

}  // namespace cuzk::pipeline::detail
