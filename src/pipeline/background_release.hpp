// Frees big host buffers on a thread of its own, so that the prover never waits for tens of GB to
// be unmapped on its critical path: a partition's witness once it is on the GPU, the recorded
// shape once uploaded.
#pragma once

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>

namespace cuzk::pipeline {

class BackgroundRelease {
 public:
  BackgroundRelease();
  // Destroys whatever is still queued, then stops.
  ~BackgroundRelease();
  BackgroundRelease(const BackgroundRelease&) = delete;
  BackgroundRelease& operator=(const BackgroundRelease&) = delete;

  // Takes `object` and destroys it later on the release thread.
  template <class T>
  void release(T&& object) {
    push(std::make_unique<Holder<std::decay_t<T>>>(std::forward<T>(object)));
  }
  // Waits until everything handed over so far is destroyed.
  void drain();
  // Seconds the release thread has spent destroying.
  double busy_seconds() const;

 private:
  struct Garbage {
    virtual ~Garbage() = default;
  };
  template <class T>
  struct Holder final : Garbage {
    explicit Holder(T&& v) : value(std::move(v)) {}
    T value;
  };

  void push(std::unique_ptr<Garbage> g);
  void run();

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::deque<std::unique_ptr<Garbage>> queue_;
  bool busy_ = false;
  bool stopping_ = false;
  double busy_seconds_ = 0;
  std::thread thread_;
};

}  // namespace cuzk::pipeline
