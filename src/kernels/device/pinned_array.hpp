// Page-locked host memory for plain C++ callers (device_memory.cuh's PinnedBuffer needs nvcc or
// cuda_runtime.h): the copy engines move it at full PCIe speed and asynchronously, where a copy
// from pageable memory goes through the driver's staging at about a sixth of that and blocks the
// calling thread. Page-locking costs about 1.6 GB/s on the H200's host, so an array is meant to be
// kept and refilled: growing reallocates, shrinking never does.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <type_traits>
#include <utility>

#include "kernels/device/device.hpp"

namespace cuzk::kernels {

namespace detail {
// cudaMallocHost / cudaFreeHost with `device` current (page-locking goes through a device's
// context: the one the memory is uploaded to). The first throws cuzk::Error naming the failure
// (or the build without CUDA).
void* allocate_pinned(Device device, std::size_t bytes);
void free_pinned(Device device, void* p) noexcept;
}  // namespace detail

template <class T>
class PinnedArray {
  static_assert(std::is_trivially_copyable_v<T>, "filled and read as raw bytes by the GPU");

 public:
  // Empty; memory is page-locked for `device`, the GPU it is meant for.
  explicit PinnedArray(Device device) : data_(nullptr, Free{device}) {}
  PinnedArray(PinnedArray&& other) noexcept
      : data_(std::move(other.data_)),
        size_(std::exchange(other.size_, 0)),
        capacity_(std::exchange(other.capacity_, 0)) {}
  PinnedArray& operator=(PinnedArray&& other) noexcept {
    data_ = std::move(other.data_);
    size_ = std::exchange(other.size_, 0);
    capacity_ = std::exchange(other.capacity_, 0);
    return *this;
  }

  // Makes room for n values, keeping the allocation when it is large enough. Growing drops the
  // contents, and takes an eighth more than asked so that sizes that wander upwards (a
  // partition's count of wide values) do not reallocate each time.
  void resize(std::size_t n) {
    if (n > capacity_) {
      const std::size_t capacity = n + n / 8;
      const Device device = data_.get_deleter().device;
      data_.reset(static_cast<T*>(detail::allocate_pinned(device, capacity * sizeof(T))));
      capacity_ = capacity;
    }
    size_ = n;
  }
  T* data() { return data_.get(); }
  std::span<T> span() { return {data_.get(), size_}; }
  std::span<const T> span() const { return {data_.get(), size_}; }
  std::size_t size() const { return size_; }
  std::size_t capacity() const { return capacity_; }

 private:
  struct Free {
    Device device;
    void operator()(T* p) const noexcept { detail::free_pinned(device, p); }
  };
  std::unique_ptr<T, Free> data_;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

}  // namespace cuzk::kernels
