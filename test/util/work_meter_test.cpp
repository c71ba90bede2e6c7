// WorkMeter: a step's counts from many threads, its total grown as the work is planned, the steps
// told apart, and MeteredStep ending its step however the scope is left.
#include <doctest/doctest.h>

#include <stdexcept>
#include <thread>
#include <vector>

#include "util/work_meter.hpp"

TEST_CASE("work meter: counts from every thread, a total that grows, one step at a time") {
  cuzk::WorkMeter meter;
  CHECK_FALSE(meter.read().active);
  meter.begin("MSM in G1", 10, "");
  meter.extend(90);
  std::vector<std::thread> workers;
  for (int t = 0; t < 4; ++t) {
    workers.emplace_back([&meter] {
      for (int i = 0; i < 25; ++i) meter.advance(1);
    });
  }
  for (std::thread& w : workers) w.join();
  const cuzk::WorkMeter::Reading r = meter.read();
  CHECK(r.active);
  CHECK(r.step == "MSM in G1");
  CHECK(r.done == 100);
  CHECK(r.total == 100);
  CHECK(r.generation == 1);
  meter.end();
  CHECK_FALSE(meter.read().active);

  meter.begin("writing x.params", 4096, "bytes");
  const cuzk::WorkMeter::Reading next = meter.read();
  CHECK(next.done == 0);  // a new step starts from nothing
  CHECK(next.total == 4096);
  CHECK(next.unit == "bytes");
  CHECK(next.generation == 2);
}

TEST_CASE("metered step: ended by its scope, also on an exception; nothing without a meter") {
  cuzk::WorkMeter meter;
  CHECK_THROWS_AS(
      [&] {
        const cuzk::MeteredStep step(&meter, "quotient", 7, "NTTs");
        step.advance(3);
        CHECK(meter.read().active);
        CHECK(meter.read().done == 3);
        throw std::runtime_error("a failure inside the step");
      }(),
      std::runtime_error);
  CHECK_FALSE(meter.read().active);
  const cuzk::MeteredStep none(nullptr, "nothing", 1, "");
  none.advance(1);  // no meter: nothing to tell, nothing to crash
  none.extend(1);
}
