#include "pipeline/background_release.hpp"

#include <chrono>

namespace cuzk::pipeline {

BackgroundRelease::BackgroundRelease() : thread_([this] { run(); }) {}

BackgroundRelease::~BackgroundRelease() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

void BackgroundRelease::push(std::unique_ptr<Garbage> g) {
  {
    const std::lock_guard lock(mutex_);
    queue_.push_back(std::move(g));
  }
  wake_.notify_one();
}

void BackgroundRelease::drain() {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [this] { return queue_.empty() && !busy_; });
}

double BackgroundRelease::busy_seconds() const {
  const std::lock_guard lock(mutex_);
  return busy_seconds_;
}

void BackgroundRelease::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping, nothing left
    std::unique_ptr<Garbage> g = std::move(queue_.front());
    queue_.pop_front();
    busy_ = true;
    lock.unlock();
    const auto start = std::chrono::steady_clock::now();
    g.reset();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    lock.lock();
    busy_seconds_ += seconds;
    busy_ = false;
    if (queue_.empty()) idle_.notify_all();
  }
}

}  // namespace cuzk::pipeline
