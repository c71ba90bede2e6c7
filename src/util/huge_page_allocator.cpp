#include "util/huge_page_allocator.hpp"

#include <sys/mman.h>

#include <cstdint>

namespace cuzk::detail {

namespace {
std::size_t round_up(std::size_t bytes) {
  return (bytes + kHugePageBytes - 1) & ~(kHugePageBytes - 1);
}
}  // namespace

void* map_huge(std::size_t bytes) {
  const std::size_t size = round_up(bytes);
  // Over-map by one huge page, then trim the head and tail so the block starts on a 2 MiB
  // boundary (mmap only promises 4 KiB alignment, and THP needs whole aligned 2 MiB ranges).
  const std::size_t span = size + kHugePageBytes;
  void* raw = mmap(nullptr, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) throw std::bad_alloc();
  const auto start = reinterpret_cast<std::uintptr_t>(raw);
  const std::uintptr_t aligned = (start + kHugePageBytes - 1) & ~(kHugePageBytes - 1);
  const std::size_t head = aligned - start;
  if (head != 0) munmap(raw, head);
  const std::size_t tail = span - head - size;
  if (tail != 0) munmap(reinterpret_cast<void*>(aligned + size), tail);
  void* block = reinterpret_cast<void*>(aligned);
  // Advice only: a kernel without THP refuses it and the block keeps ordinary pages.
  (void)madvise(block, size, MADV_HUGEPAGE);
  return block;
}

void unmap_huge(void* p, std::size_t bytes) noexcept { munmap(p, round_up(bytes)); }

}  // namespace cuzk::detail
