#include "pipeline/background_release.hpp"

#include "pipeline/release_thread.hpp"

namespace cuzk::pipeline {

BackgroundRelease::BackgroundRelease()
    : state_(std::make_shared<detail::ReleaseThread>()),
      thread_([state = state_] { state->run(); }) {}

BackgroundRelease::~BackgroundRelease() {
  state_->stop();
  thread_.join();
}

void BackgroundRelease::push(std::unique_ptr<detail::Garbage> g) { state_->push(std::move(g)); }

std::shared_ptr<PartitionHeap> BackgroundRelease::new_heap() { return state_->new_heap(); }

void BackgroundRelease::drain() { state_->drain(); }

double BackgroundRelease::busy_seconds() const { return state_->busy_seconds(); }

HeapCounts BackgroundRelease::heap_counts() const { return state_->heap_counts(); }

}  // namespace cuzk::pipeline
