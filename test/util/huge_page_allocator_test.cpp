#include "util/huge_page_allocator.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <numeric>
#include <vector>

namespace {
using Vector = std::vector<std::uint64_t, cuzk::HugePageAllocator<std::uint64_t>>;
constexpr std::size_t kHuge = std::size_t{2} << 20;

bool on_huge_page_boundary(const void* p) {
  return reinterpret_cast<std::uintptr_t>(p) % kHuge == 0;
}
}  // namespace

TEST_CASE("huge page allocator: small blocks come from the heap, large ones start on 2 MiB") {
  Vector small(1000);
  Vector large(kHuge / sizeof(std::uint64_t) + 1);  // just over one huge page: two are mapped
  CHECK(on_huge_page_boundary(large.data()));
  // The whole rounded-up block is writable, including the last element of the second page.
  large.back() = 42;
  CHECK(large.back() == 42);
  CHECK(small.size() == 1000);
}

TEST_CASE("huge page allocator: growth across the 2 MiB threshold keeps every value") {
  Vector v;
  for (std::uint64_t i = 0; i < 3 * kHuge / sizeof(std::uint64_t); ++i) v.push_back(i * 7 + 1);
  CHECK(on_huge_page_boundary(v.data()));
  std::uint64_t bad = 0;
  for (std::size_t i = 0; i < v.size(); ++i) bad += v[i] != i * 7 + 1;
  CHECK(bad == 0);
  // Shrinking below the threshold moves the values back to a heap block.
  v.resize(10);
  v.shrink_to_fit();
  CHECK(v == Vector{1, 8, 15, 22, 29, 36, 43, 50, 57, 64});
}
