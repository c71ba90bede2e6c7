// parallel_for: every index runs once; a failure is rethrown on the caller, and it is the lowest
// failing index's even when a higher one failed first; items above a failure are skipped.
#include "util/parallel_for.hpp"

#include <doctest/doctest.h>
#include <omp.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

// Sets the OpenMP thread count for one scope.
class OmpThreads {
 public:
  explicit OmpThreads(int n) : saved_(omp_get_max_threads()) { omp_set_num_threads(n); }
  ~OmpThreads() { omp_set_num_threads(saved_); }
  OmpThreads(const OmpThreads&) = delete;
  OmpThreads& operator=(const OmpThreads&) = delete;

 private:
  int saved_;
};

// What parallel_for threw, as text; empty if nothing.
template <class Body>
std::string failure_of(std::size_t count, std::size_t chunk, const Body& body) {
  try {
    cuzk::parallel_for(count, chunk, body);
  } catch (const std::exception& e) {
    return e.what();
  }
  return {};
}

}  // namespace

TEST_CASE("parallel_for: every index runs exactly once") {
  const OmpThreads threads(4);
  for (const std::size_t chunk : {std::size_t{1}, std::size_t{7}, std::size_t{4096}}) {
    INFO("chunk " << chunk);
    std::vector<std::atomic<int>> runs(10007);
    cuzk::parallel_for(runs.size(), chunk, [&](std::size_t i) { runs[i].fetch_add(1); });
    std::size_t once = 0;
    for (const auto& r : runs) once += r.load() == 1 ? 1 : 0;
    CHECK(once == runs.size());
  }
  bool called = false;
  cuzk::parallel_for(0, 1, [&](std::size_t) { called = true; });
  CHECK_FALSE(called);
}

TEST_CASE("parallel_for: the lowest failing index is reported, even when it fails last") {
  const OmpThreads threads(4);
  for (int round = 0; round < 10; ++round) {
    INFO("round " << round);
    std::vector<std::atomic<int>> runs(2000);
    const std::string failure = failure_of(runs.size(), 1, [&](std::size_t i) {
      runs[i].fetch_add(1);
      if (i == 700) {
        // Fails well after the other threads have reached item 1500 and failed there.
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        throw std::runtime_error("item 700");
      }
      if (i == 1500 || i == 1999) throw std::runtime_error("item " + std::to_string(i));
    });
    CHECK(failure == "item 700");
    std::size_t below_once = 0;
    for (std::size_t i = 0; i <= 700; ++i) below_once += runs[i].load() == 1 ? 1 : 0;
    CHECK(below_once == 701);  // every item up to the reported failure ran
    int at_most_once = 1;
    for (const auto& r : runs) at_most_once = std::max(at_most_once, r.load());
    CHECK(at_most_once == 1);
  }
}

TEST_CASE("parallel_for: items after a failure are skipped") {
  // On one thread the order is the sequential loop's: items 0..3 run, 3 throws, the rest is
  // skipped.
  const OmpThreads threads(1);
  std::size_t ran = 0;
  const std::string failure = failure_of(1000, 1, [&](std::size_t i) {
    ++ran;
    if (i == 3) throw std::runtime_error("item 3");
  });
  CHECK(failure == "item 3");
  CHECK(ran == 4);
}
