// The hidden state of a kernels object whose CUDA resources (device and page-locked buffers,
// streams, events, and the threads that use them) belong to one device: held behind a pointer
// together with that device, and destroyed with it current, so that everything is released on the
// device it was made on whichever device the destroying thread has current. Plain C++.
//
// For a public class's pimpl whose type T is complete only in its .cu: declare the class's
// destructor and moves in the header and default them in the .cu, as with std::unique_ptr.
#pragma once

#include <memory>
#include <new>
#include <utility>

#include "kernels/device/device.hpp"

namespace cuzk::kernels {

template <class T>
class DeviceBound {
 public:
  // `state` must have been made with `device` current.
  DeviceBound(Device device, std::unique_ptr<T> state)
      : device_(device), state_(std::move(state)) {}
  DeviceBound(DeviceBound&&) noexcept = default;
  DeviceBound& operator=(DeviceBound&& other) noexcept {
    if (this != &other) {
      reset();
      device_ = other.device_;
      state_ = std::move(other.state_);
    }
    return *this;
  }
  DeviceBound(const DeviceBound&) = delete;
  DeviceBound& operator=(const DeviceBound&) = delete;
  ~DeviceBound() { reset(); }

  Device device() const { return device_; }
  T& operator*() const { return *state_; }
  T* operator->() const { return state_.get(); }
  explicit operator bool() const { return state_ != nullptr; }

 private:
  void reset() noexcept {
    if (state_ == nullptr) return;
    const ScopedDevice on(device_, std::nothrow);
    state_.reset();
  }

  Device device_;
  std::unique_ptr<T> state_;
};

}  // namespace cuzk::kernels
