// The partitions' heaps (pipeline/partition_heap.hpp) against the ordinary allocator (mimalloc as
// malloc, as in cuzk), on a witness of a 32 GiB partition's size: 130 M aux values (16 MiB of
// bits) and 1.7 M wide values (68 MB), built as the synthesis builds it (inputs and bits on one
// thread, the wide values reserved and written on another) and then released on the release
// thread, as the GPU path releases it once laid out for the upload. Prints, per allocator, the
// fastest and the median of the runs: building it, releasing it (handed over until the release
// thread is done), and the release thread's own time; then one allocation from another thread,
// through a heap (a request to the release thread) and through malloc.
// Usage: cuzk_bench_pipeline [runs=7]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <thread>
#include <vector>

#include "circuit/compact_witness.hpp"
#include "pipeline/background_release.hpp"
#include "util/bench_timer.hpp"

namespace {

using cuzk::bls12_381::Fr;
using cuzk::circuit::CompactWitness;
using cuzk::pipeline::BackgroundRelease;
using Clock = std::chrono::steady_clock;

constexpr std::size_t kInputs = 300;
constexpr std::size_t kAux = 130'169'893;
constexpr std::size_t kWide = 1'699'102;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

CompactWitness build(std::shared_ptr<std::pmr::memory_resource> memory) {
  CompactWitness w(kInputs, kAux, std::move(memory));
  std::thread([&w] {
    w.wide.reserve(kWide);
    for (std::size_t i = 0; i < kWide; ++i) {
      w.wide.push_back({i * (kAux / kWide), Fr::from_u64(i + 2)});
    }
  }).join();
  for (std::size_t j = 1; j < kAux; j += 3) w.bits.set(j);
  return w;
}

struct Times {
  std::vector<double> build_ms, release_ms, thread_ms;
};

void print(const char* name, std::vector<double> ms) {
  std::sort(ms.begin(), ms.end());
  std::printf("  %-28s fastest %8.2f ms   median %8.2f ms\n", name, ms.front(), ms[ms.size() / 2]);
}

void run_witness(const char* name, bool heaps, int runs) {
  BackgroundRelease release;
  Times t;
  for (int r = 0; r < runs; ++r) {
    Clock::time_point start = Clock::now();
    CompactWitness w = build(heaps ? release.new_heap() : nullptr);
    t.build_ms.push_back(ms_since(start));
    const double busy_before = release.busy_seconds();
    start = Clock::now();
    release.release(std::move(w));
    release.drain();
    t.release_ms.push_back(ms_since(start));
    t.thread_ms.push_back((release.busy_seconds() - busy_before) * 1e3);
  }
  std::printf("%s\n", name);
  print("build", t.build_ms);
  print("release (handed over, done)", t.release_ms);
  print("release thread's time", t.thread_ms);
}

void run_requests() {
  BackgroundRelease release;
  const auto heap = release.new_heap();
  constexpr std::size_t kCount = 20'000;
  std::vector<void*> blocks(kCount);
  double heap_ns = 0, malloc_ns = 0;
  std::thread([&] {
    std::size_t i = 0;
    heap_ns = cuzk::ns_per_op(kCount, [&] { blocks[i++] = heap->allocate(64, 8); });
    for (void* b : blocks) heap->deallocate(b, 64, 8);
    i = 0;
    malloc_ns = cuzk::ns_per_op(kCount, [&] { blocks[i++] = std::malloc(64); });
    for (void* b : blocks) std::free(b);
  }).join();
  std::printf("one allocation from another thread: %.1f us through a heap, %.3f us by malloc\n",
              heap_ns / 1e3, malloc_ns / 1e3);
}

}  // namespace

int main(int argc, char** argv) {
  const int runs = argc > 1 ? std::atoi(argv[1]) : 7;
  std::printf("a 32 GiB partition's witness (%zu aux, %zu wide values), %d runs each\n", kAux,
              kWide, runs);
  run_witness("ordinary allocator (mimalloc as malloc)", false, runs);
  run_witness("a heap of its own", true, runs);
  run_requests();
  return 0;
}
