// How far a long step has got, for a progress display: the step's name, its total in some unit
// (points, bytes, transforms) and the units done so far, which any thread may add to while a
// display thread reads. One step at a time. The workers pay one relaxed atomic addition a chunk;
// without a meter (nullptr) MeteredStep does nothing, so code takes an optional WorkMeter*.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>

namespace cuzk {

class WorkMeter {
 public:
  struct Reading {
    bool active = false;
    std::string step;  // "MSM in G1", "NTT", "hashing v28-...params"
    std::string unit;  // "points", "bytes", ...
    std::uint64_t done = 0;
    std::uint64_t total = 0;
    double seconds = 0;            // since the step began
    std::uint64_t generation = 0;  // counts the steps begun, so a reader tells them apart
  };

  void begin(std::string step, std::uint64_t total, std::string unit);
  void advance(std::uint64_t units) noexcept { done_.fetch_add(units, std::memory_order_relaxed); }
  // Adds to the step's total: work whose size is known only as the step goes (an MSM's windows);
  // negative to correct an estimate made earlier.
  void extend(std::int64_t units) noexcept {
    total_.fetch_add(static_cast<std::uint64_t>(units), std::memory_order_relaxed);
  }
  void end();
  Reading read() const;

 private:
  mutable std::mutex mutex_;  // guards everything but the counts
  bool active_ = false;
  std::string step_, unit_;
  std::uint64_t generation_ = 0;
  std::chrono::steady_clock::time_point start_;
  std::atomic<std::uint64_t> done_{0};
  std::atomic<std::uint64_t> total_{0};
};

// A step on a meter for the life of the object (begun by the constructor, ended by the
// destructor, also when an exception unwinds it); every call is a no-op without a meter.
class MeteredStep {
 public:
  MeteredStep(WorkMeter* meter, std::string step, std::uint64_t total, std::string unit)
      : meter_(meter) {
    if (meter_ != nullptr) meter_->begin(std::move(step), total, std::move(unit));
  }
  ~MeteredStep() {
    if (meter_ != nullptr) meter_->end();
  }
  MeteredStep(const MeteredStep&) = delete;
  MeteredStep& operator=(const MeteredStep&) = delete;

  void advance(std::uint64_t units) const noexcept {
    if (meter_ != nullptr) meter_->advance(units);
  }
  void extend(std::int64_t units) const noexcept {
    if (meter_ != nullptr) meter_->extend(units);
  }

 private:
  WorkMeter* meter_;
};

}  // namespace cuzk
