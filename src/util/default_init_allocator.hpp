// std::allocator, except that elements a vector adds without a value (resize, the size
// constructor) are default-initialized, i.e. left unwritten for plain integers, instead of zeroed:
// for multi-gigabyte buffers that are written in full right after they are sized, by many threads,
// which then also take the first-touch page faults in parallel instead of one thread zeroing
// everything first.
#pragma once

#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace cuzk {

template <class T>
class DefaultInitAllocator : public std::allocator<T> {
 public:
  template <class U>
  struct rebind {
    using other = DefaultInitAllocator<U>;
  };
  DefaultInitAllocator() = default;
  template <class U>
  DefaultInitAllocator(const DefaultInitAllocator<U>&) noexcept {}

  template <class U>
  void construct(U* p) noexcept(std::is_nothrow_default_constructible_v<U>) {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};

}  // namespace cuzk
