#include "pipeline/partition_heap.hpp"

#include <mimalloc.h>

#include <new>
#include <utility>

#include "pipeline/release_thread.hpp"

namespace cuzk::pipeline {

PartitionHeap::PartitionHeap(Key, std::shared_ptr<detail::ReleaseThread> owner)
    : owner_(std::move(owner)) {}

PartitionHeap::~PartitionHeap() { owner_->retire(*this); }

bool PartitionHeap::contains(const void* block) const { return owner_->contains(*this, block); }

void* PartitionHeap::do_allocate(std::size_t bytes, std::size_t alignment) {
  void* block = owner_->allocate(*this, bytes, alignment);
  if (block == nullptr) throw std::bad_alloc();
  live_blocks_.fetch_add(1, std::memory_order_relaxed);
  return block;
}

// Any thread may free a block of any mimalloc heap.
void PartitionHeap::do_deallocate(void* block, std::size_t, std::size_t) {
  live_blocks_.fetch_sub(1, std::memory_order_relaxed);
  mi_free(block);
}

}  // namespace cuzk::pipeline
