#include "util/work_meter.hpp"

#include <utility>

namespace cuzk {

void WorkMeter::begin(std::string step, std::uint64_t total, std::string unit) {
  const std::lock_guard lock(mutex_);
  active_ = true;
  step_ = std::move(step);
  unit_ = std::move(unit);
  ++generation_;
  start_ = std::chrono::steady_clock::now();
  done_.store(0, std::memory_order_relaxed);
  total_.store(total, std::memory_order_relaxed);
}

void WorkMeter::end() {
  const std::lock_guard lock(mutex_);
  active_ = false;
}

WorkMeter::Reading WorkMeter::read() const {
  const std::lock_guard lock(mutex_);
  Reading r;
  r.active = active_;
  r.step = step_;
  r.unit = unit_;
  r.total = total_.load(std::memory_order_relaxed);
  r.generation = generation_;
  r.done = done_.load(std::memory_order_relaxed);
  if (active_)
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  return r;
}

}  // namespace cuzk
