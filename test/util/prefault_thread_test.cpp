// PrefaultThread: the pages of its ranges are present once it is done (so writing them takes no
// page fault: this needs Linux 5.14's MADV_POPULATE_WRITE), and what a writer puts in the ranges
// before and while it runs is kept.
#include "util/prefault_thread.hpp"

#include <doctest/doctest.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cstdint>
#include <span>
#include <vector>

using cuzk::PrefaultThread;

namespace {

// A fresh anonymous mapping: no page of it is present until written.
class Mapping {
 public:
  explicit Mapping(std::size_t bytes) : bytes_(bytes) {
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    REQUIRE(p != MAP_FAILED);
    data_ = static_cast<std::uint32_t*>(p);
  }
  ~Mapping() { munmap(data_, bytes_); }
  Mapping(const Mapping&) = delete;
  Mapping& operator=(const Mapping&) = delete;

  std::span<std::uint32_t> words() { return {data_, bytes_ / sizeof(std::uint32_t)}; }

 private:
  std::size_t bytes_;
  std::uint32_t* data_;
};

long minor_faults() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_minflt;
}

std::uint32_t pattern(std::size_t i) { return static_cast<std::uint32_t>(i * 2654435761u); }

// Whether this kernel has MADV_POPULATE_WRITE (Linux 5.14); without it the thread does nothing.
bool kernel_populates() {
#ifdef MADV_POPULATE_WRITE
  Mapping probe(static_cast<std::size_t>(sysconf(_SC_PAGESIZE)));
  return madvise(probe.words().data(), probe.words().size_bytes(), MADV_POPULATE_WRITE) == 0;
#else
  return false;
#endif
}

}  // namespace

TEST_CASE("the pages of the ranges are present once the thread is done") {
  if (!kernel_populates()) {
    MESSAGE("MADV_POPULATE_WRITE unavailable (Linux before 5.14): nothing is prefaulted here");
    return;
  }
  const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  Mapping m(std::size_t{32} << 20);
  const std::span<std::uint32_t> words = m.words();
  // Two ranges, one not page-aligned at either end: its partial pages are left alone.
  PrefaultThread prefault({std::as_writable_bytes(words.first(words.size() / 2)),
                           std::as_writable_bytes(words.subspan(words.size() / 2 + 3))});
  prefault.wait();
  // Reading first: the pages read as zeros, and under AddressSanitizer this faults in the shadow
  // memory its checks read, which the count below is not about.
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < words.size(); i += page / sizeof(std::uint32_t)) sum += words[i];
  CHECK(sum == 0);
  const long before = minor_faults();
  for (std::size_t i = 0; i < words.size(); i += page / sizeof(std::uint32_t)) words[i] = 1;
  const long faults = minor_faults() - before;
  INFO(faults << " faults writing " << words.size() * sizeof(std::uint32_t) / page << " pages");
  CHECK(faults <= 2);  // the page where the second range starts, unaligned, at most
}

TEST_CASE("what a writer puts in the ranges before and meanwhile is kept") {
  Mapping m(std::size_t{64} << 20);
  const std::span<std::uint32_t> words = m.words();
  const std::size_t half = words.size() / 2;
  for (std::size_t i = 0; i < half; ++i) words[i] = pattern(i);
  {
    PrefaultThread prefault({std::as_writable_bytes(words)});
    for (std::size_t i = half; i < words.size(); ++i) words[i] = pattern(i);
  }  // stopped, possibly before it is done
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < words.size(); ++i) wrong += words[i] != pattern(i);
  CHECK(wrong == 0);
}
