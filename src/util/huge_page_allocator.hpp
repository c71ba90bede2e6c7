// An allocator for the multi-gigabyte vectors of synthesis (a, b, c and the assignments of a
// partition): blocks of 2 MiB or more are mapped directly, aligned to 2 MiB and marked for
// transparent huge pages, so the kernel maps and zeroes them 2 MiB at a time instead of taking
// one page fault per 4 KiB (page faults were about a third of ProvingCS time with 4 KiB pages).
// Smaller blocks come from operator new. Without THP (or with it set to "never") the mapping
// still works with ordinary pages.
#pragma once

#include <cstddef>
#include <new>

namespace cuzk {

namespace detail {
inline constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;
// Maps `bytes` (rounded up to whole huge pages) at a 2 MiB boundary; throws std::bad_alloc.
void* map_huge(std::size_t bytes);
void unmap_huge(void* p, std::size_t bytes) noexcept;
}  // namespace detail

template <class T>
class HugePageAllocator {
 public:
  using value_type = T;

  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) noexcept {}

  T* allocate(std::size_t n) {
    if (n > static_cast<std::size_t>(-1) / sizeof(T)) throw std::bad_array_new_length();
    const std::size_t bytes = n * sizeof(T);
    if (bytes < detail::kHugePageBytes) {
      return static_cast<T*>(::operator new (bytes, std::align_val_t{alignof(T)}));
    }
    return static_cast<T*>(detail::map_huge(bytes));
  }

  void deallocate(T* p, std::size_t n) noexcept {
    const std::size_t bytes = n * sizeof(T);
    if (bytes < detail::kHugePageBytes) {
      ::operator delete (p, std::align_val_t{alignof(T)});
    } else {
      detail::unmap_huge(p, bytes);
    }
  }

  friend bool operator==(const HugePageAllocator&, const HugePageAllocator&) { return true; }
};

}  // namespace cuzk
