// The partitions' heaps (pipeline/partition_heap.hpp): allocations from any thread come from the
// heap; the heap is ended whole on the release thread once its last holder lets go, in place
// there or queued from elsewhere, and the pages it reclaimed from exited threads keep their blocks;
// copies take the default resource, moves take the heap along; the release thread's end leaves the
// heaps still held usable; and a witness assembled in heaps equals one assembled without.
#include <doctest/doctest.h>
#include <mimalloc.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <memory_resource>
#include <thread>
#include <unordered_set>
#include <utility>
#include <vector>

#include "circuit/compact_witness.hpp"
#include "circuit/stacked/circuit_shape.hpp"
#include "circuit/stacked/native_witness.hpp"
#include "circuit/stacked/partition_layout.hpp"
#include "circuit/stacked_test_witness.hpp"
#include "pipeline/background_release.hpp"
#include "pipeline/partition_heap.hpp"

namespace {

using cuzk::bls12_381::Fr;
using cuzk::circuit::CompactWitness;
using cuzk::pipeline::BackgroundRelease;
using cuzk::pipeline::PartitionHeap;
namespace stacked = cuzk::circuit::stacked;

// Block sizes from small to huge (mimalloc gives blocks over 32 MiB a segment of their own).
std::size_t block_bytes(int i) {
  return i % 16 == 15 ? (std::size_t{40} << 20) + static_cast<std::size_t>(i)
                      : std::size_t{24} << (i % 8 * 2);
}

// Counts, when destroyed on the release thread, how many of `blocks` that thread's backing heap
// holds as live blocks (mimalloc's heap walk sees every block of a heap's pages).
struct BackingHeapCount {
  const std::vector<std::uint64_t*>* blocks = nullptr;
  int* live = nullptr;

  BackingHeapCount(const std::vector<std::uint64_t*>& b, int& l) : blocks(&b), live(&l) {}
  BackingHeapCount(BackingHeapCount&& other) noexcept
      : blocks(std::exchange(other.blocks, nullptr)), live(other.live) {}
  BackingHeapCount& operator=(BackingHeapCount&&) = delete;
  ~BackingHeapCount() {
    if (blocks == nullptr) return;
    const std::unordered_set<const void*> wanted(blocks->begin(), blocks->end());
    struct Walk {
      const std::unordered_set<const void*>* wanted;
      int count = 0;
    } walk{&wanted};
    mi_heap_visit_blocks(
        mi_heap_get_backing(), true,
        [](const mi_heap_t*, const mi_heap_area_t*, void* block, std::size_t, void* arg) {
          auto* w = static_cast<Walk*>(arg);
          if (block != nullptr && w->wanted->contains(block)) ++w->count;
          return true;
        },
        &walk);
    *live = walk.count;
  }
};

}  // namespace

TEST_CASE("partition heap: blocks allocated on many threads are the heap's, freed on any") {
  BackgroundRelease release;
  const std::shared_ptr<PartitionHeap> heap = release.new_heap();
  constexpr int kBlocks = 64;
  std::vector<void*> blocks(kBlocks);
#pragma omp parallel for schedule(dynamic, 1)
  for (int i = 0; i < kBlocks; ++i) blocks[i] = heap->allocate(block_bytes(i), 32);
  CHECK(heap->live_blocks() == kBlocks);
  for (int i = 0; i < kBlocks; ++i) {
    INFO("block " << i << " of " << block_bytes(i) << " bytes");
    CHECK(heap->contains(blocks[i]));
    CHECK(reinterpret_cast<std::uintptr_t>(blocks[i]) % 32 == 0);
  }
  const std::vector<int> elsewhere(1000);
  CHECK_FALSE(heap->contains(elsewhere.data()));
  CHECK_FALSE(heap->contains(&release));

  // A container in the heap, filled on another thread: its growth is the heap's too.
  std::pmr::vector<std::uint64_t> words(heap.get());
  std::thread([&] {
    for (std::uint64_t i = 0; i < 100'000; ++i) words.push_back(i);
  }).join();
  CHECK(heap->contains(words.data()));
  CHECK(words[99'999] == 99'999);

#pragma omp parallel for schedule(dynamic, 1)
  for (int i = 0; i < kBlocks; ++i) heap->deallocate(blocks[i], block_bytes(i), 32);
  CHECK(heap->live_blocks() == 1);  // words
  const cuzk::pipeline::HeapCounts counts = release.heap_counts();
  CHECK(counts.made == 1);
  CHECK(counts.destroyed == 0);
}

TEST_CASE("partition heap: destroyed on the release thread once its last holder lets go") {
  BackgroundRelease release;
  SUBCASE("let go on another thread: queued to the release thread") {
    std::shared_ptr<PartitionHeap> heap = release.new_heap();
    std::shared_ptr<PartitionHeap> holder = heap;
    {
      std::pmr::vector<Fr> values(1000, Fr::one(), heap.get());
      CHECK(heap->contains(values.data()));
    }
    heap.reset();
    release.drain();
    CHECK(release.heap_counts().destroyed == 0);  // still held
    std::thread([h = std::move(holder)]() mutable { h.reset(); }).join();
    release.drain();
    CHECK(release.heap_counts().destroyed == 1);
  }
  SUBCASE("a witness released: its containers freed, then its heap, on the release thread") {
    CompactWitness w(10, std::size_t{1} << 24, release.new_heap());
    w.wide.reserve(100'000);
    CHECK(release.heap_counts().made == 1);
    release.release(std::move(w));
    release.drain();
    CHECK(release.heap_counts().destroyed == 1);
  }
  CHECK(release.heap_counts().detached == 0);
}

// mimalloc 2.0.9 lets a heap of its own reclaim the abandoned segment of an exited thread when it
// needs room for large blocks, pages of live blocks included; mi_heap_destroy would free those
// with the heap (on the H200 it freed the Poseidon constants under a synthesis). This pins both:
// the reclaim happens, and the blocks survive the heap's end and the next heap's allocations.
TEST_CASE("partition heap: pages reclaimed from an exited thread keep their blocks") {
  constexpr std::size_t kSmall = 48;
  constexpr std::size_t kLarge = std::size_t{8}
                                 << 20;  // mimalloc's large class: spans of a segment
  constexpr int kTheirs = 4096;
  const auto pattern = [](int i, std::size_t word) {
    return 0x9e3779b97f4a7c15ULL * static_cast<std::uint64_t>(i + 1) + word;
  };
  BackgroundRelease release;
  // Made first: the release thread's own heap is set up and reclaims nothing later.
  std::shared_ptr<PartitionHeap> heap = release.new_heap();
  std::vector<std::uint64_t*> theirs(kTheirs);
  std::thread([&] {
    for (int i = 0; i < kTheirs; ++i) {
      theirs[i] = static_cast<std::uint64_t*>(mi_malloc(kSmall));
      for (std::size_t w = 0; w < kSmall / 8; ++w) theirs[i][w] = pattern(i, w);
    }
  }).join();  // its segment is abandoned with the blocks live

  bool reclaimed = false;
  std::vector<void*> large;
  while (!reclaimed && large.size() < 32) {
    large.push_back(heap->allocate(kLarge, 64));
    reclaimed = std::ranges::any_of(theirs, [&](const void* b) { return heap->contains(b); });
  }
  for (void* b : large) heap->deallocate(b, kLarge, 64);
  heap.reset();  // ended on the release thread
  release.drain();
  REQUIRE(reclaimed);
  CHECK(release.heap_counts().destroyed == 1);
  // Still live, now in the release thread's own heap (mi_heap_destroy would have freed them).
  int live = -1;
  release.release(BackingHeapCount(theirs, live));
  release.drain();
  CHECK(live == kTheirs);
  {
    const std::shared_ptr<PartitionHeap> next = release.new_heap();
    std::vector<void*> fresh;
    for (int i = 0; i < 4 * kTheirs; ++i) {
      fresh.push_back(next->allocate(kSmall, 8));
      std::fill_n(static_cast<unsigned char*>(fresh.back()), kSmall, 0xa5);
    }
    for (void* b : fresh) next->deallocate(b, kSmall, 8);
  }
  release.drain();
  int intact = 0;
  for (int i = 0; i < kTheirs; ++i) {
    bool same = true;
    for (std::size_t w = 0; w < kSmall / 8; ++w) same = same && theirs[i][w] == pattern(i, w);
    intact += same ? 1 : 0;
  }
  CHECK(intact == kTheirs);
  for (std::uint64_t* b : theirs) mi_free(b);
}

TEST_CASE("partition heap: a copy is in the default resource, a move takes the heap along") {
  BackgroundRelease release;
  std::shared_ptr<PartitionHeap> heap = release.new_heap();
  std::pmr::memory_resource* const default_resource = std::pmr::get_default_resource();

  {
    const std::pmr::vector<int> values({1, 2, 3}, heap.get());
    const std::pmr::vector<int> values_copy = values;
    CHECK(heap->contains(values.data()));
    CHECK(values_copy.get_allocator().resource() == default_resource);
  }

  CompactWitness w(3, 1000, heap);
  w.bits.set(17);
  w.wide.push_back({5, Fr::one() + Fr::one()});
  CHECK(w.memory() == heap.get());
  CHECK(heap->contains(w.inputs.data()));
  CHECK(heap->contains(w.bits.words().data()));
  CHECK(heap->contains(w.wide.data()));

  const CompactWitness copy = w;
  CHECK(copy == w);
  CHECK(copy.memory() == default_resource);
  CHECK_FALSE(heap->contains(copy.bits.words().data()));
  CHECK(copy.bits.words().data() != w.bits.words().data());

  CompactWitness moved = std::move(w);
  CHECK(moved == copy);
  CHECK(moved.memory() == heap.get());
  CHECK(heap->contains(moved.bits.words().data()));
  CHECK(w.memory() == default_resource);  // the source: empty, in the default resource
  CHECK(w.inputs.get_allocator().resource() == default_resource);
  CHECK(w.inputs.empty());

  CompactWitness assigned;
  assigned = std::move(moved);
  CHECK(assigned == copy);
  CHECK(assigned.memory() == heap.get());
  CHECK(heap->contains(assigned.wide.data()));

  assigned = copy;  // a copy assigned: the witness lets its heap go
  CHECK(assigned.memory() == default_resource);
  CHECK(heap->live_blocks() == 0);
  CHECK(heap.use_count() == 1);
  heap.reset();
  release.drain();
  CHECK(release.heap_counts().destroyed == 1);
}

TEST_CASE("partition heap: the release thread's end leaves the heaps still held usable") {
  std::shared_ptr<PartitionHeap> heap;
  CompactWitness w;
  {
    BackgroundRelease release;
    heap = release.new_heap();
    w = CompactWitness(4, std::size_t{1} << 20, heap);
    w.wide.reserve(1000);
    w.bits.set(12345);
    CHECK(heap->contains(w.bits.words().data()));
  }
  // Handed to the stopped thread's backing heap: still valid, no longer this heap's.
  CHECK_FALSE(heap->contains(w.bits.words().data()));
  CHECK(w.bits.test(12345));
  for (std::uint64_t j = 0; j < 5000; ++j) w.wide.push_back({j, Fr::one()});  // grows
  CHECK(w.wide[4999].aux_index == 4999);
  const std::pmr::vector<int> later(100, 7, heap.get());  // the caller's own mimalloc heap
  CHECK(later[99] == 7);
  w = CompactWitness();
  CHECK(heap->live_blocks() == 1);  // later
}

TEST_CASE("partition heap: a witness assembled in heaps equals one assembled without") {
  const auto shape = stacked::circuit_shape(cuzk::porep::RegisteredSealProof::kStackedDrg2KiBV1_1);
  const cuzk::test::NativeSector sector(shape, /*rng_seed=*/9);
  const std::vector<stacked::StackedCircuit> circuits{sector.circuit(0), sector.circuit(1)};
  const stacked::PartitionLayout layout = stacked::partition_layout(shape);
  const stacked::NativeWitnessPlan plan(shape);
  const std::vector<CompactWitness> plain = stacked::native_witnesses(circuits, layout, plan);

  BackgroundRelease release;
  std::vector<std::shared_ptr<PartitionHeap>> heaps;
  std::vector<CompactWitness> in_heaps(circuits.size());
  stacked::native_witnesses(
      circuits, layout, plan,
      [&](std::size_t k, CompactWitness&& w) { in_heaps[k] = std::move(w); },
      [&](std::size_t) {
        heaps.push_back(release.new_heap());
        return heaps.back();
      });
  REQUIRE(heaps.size() == circuits.size());
  for (std::size_t k = 0; k < circuits.size(); ++k) {
    INFO("partition " << k);
    CHECK(in_heaps[k] == plain[k]);
    CHECK(in_heaps[k].memory() == heaps[k].get());
    CHECK(heaps[k]->contains(in_heaps[k].inputs.data()));
    CHECK(heaps[k]->contains(in_heaps[k].bits.words().data()));
    CHECK(heaps[k]->contains(in_heaps[k].wide.data()));
    CHECK(heaps[k]->live_blocks() == 3);
    CHECK(plain[k].memory() == std::pmr::get_default_resource());
  }
  heaps.clear();
  for (CompactWitness& w : in_heaps) release.release(std::move(w));
  release.drain();
  CHECK(release.heap_counts().made == circuits.size());
  CHECK(release.heap_counts().destroyed == circuits.size());
}
