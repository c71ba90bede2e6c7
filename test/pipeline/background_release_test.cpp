// The background release: what it is given is destroyed on its own thread, not the caller's;
// drain waits for it; the destructor destroys what is still queued.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>
#include <vector>

#include "pipeline/background_release.hpp"

namespace {

// Records, when destroyed, whether that happened on the thread that made it.
struct Probe {
  std::thread::id made = std::this_thread::get_id();
  std::atomic<int>* on_caller;
  std::atomic<int>* destroyed;
  std::chrono::milliseconds linger{0};
  Probe(std::atomic<int>& c, std::atomic<int>& d, std::chrono::milliseconds l = {})
      : on_caller(&c), destroyed(&d), linger(l) {}
  Probe(Probe&& o) noexcept
      : made(o.made), on_caller(o.on_caller), destroyed(o.destroyed), linger(o.linger) {
    o.destroyed = nullptr;
  }
  ~Probe() {
    if (destroyed == nullptr) return;  // moved from
    std::this_thread::sleep_for(linger);
    if (std::this_thread::get_id() == made) ++*on_caller;
    ++*destroyed;
  }
};

}  // namespace

TEST_CASE("background release: objects die on the release thread, drain waits for them") {
  std::atomic<int> on_caller = 0, destroyed = 0;
  cuzk::pipeline::BackgroundRelease release;
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < 3; ++i)
    release.release(Probe(on_caller, destroyed, std::chrono::milliseconds(50)));
  // Handing over takes no time of the caller's; the three destructions take 150 ms elsewhere.
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::milliseconds(100));
  release.drain();
  CHECK(destroyed == 3);
  CHECK(on_caller == 0);
  CHECK(release.busy_seconds() >= 0.14);
}

TEST_CASE("background release: big buffers and what is still queued at destruction") {
  std::atomic<int> on_caller = 0, destroyed = 0;
  {
    cuzk::pipeline::BackgroundRelease release;
    release.release(std::vector<std::uint64_t>(std::size_t{1} << 24, 7));  // 128 MiB
    release.release(std::make_unique<Probe>(on_caller, destroyed));
    for (int i = 0; i < 5; ++i) release.release(Probe(on_caller, destroyed));
  }
  CHECK(destroyed == 6);
  CHECK(on_caller == 0);
}
