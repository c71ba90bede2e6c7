#include <utility>

#include "kernels/device/cuda_check.cuh"
#include "kernels/device/registered_host_range.hpp"

namespace cuzk::kernels {

std::optional<RegisteredHostRange> RegisteredHostRange::try_register(
    Device device, std::span<const std::uint8_t> bytes, std::string& why) {
  if (bytes.empty()) {
    why = "nothing to register";
    return std::nullopt;
  }
  const ScopedDevice on(device);
  void* const host = const_cast<std::uint8_t*>(bytes.data());  // read-only: never written
  const cudaError_t registered = cudaHostRegister(
      host, bytes.size(),
      cudaHostRegisterPortable | cudaHostRegisterMapped | cudaHostRegisterReadOnly);
  if (registered != cudaSuccess) {
    cudaGetLastError();  // not sticky: clear it for the next checked call
    why = cudaGetErrorString(registered);
    return std::nullopt;
  }
  void* mapped = nullptr;
  const cudaError_t got = cudaHostGetDevicePointer(&mapped, host, 0);
  if (got != cudaSuccess) {
    cudaGetLastError();
    cudaHostUnregister(host);
    why = cudaGetErrorString(got);
    return std::nullopt;
  }
  return RegisteredHostRange(device, bytes, static_cast<const std::uint8_t*>(mapped));
}

RegisteredHostRange::RegisteredHostRange(RegisteredHostRange&& other) noexcept
    : device_(other.device_),
      host_(std::exchange(other.host_, {})),
      device_pointer_(std::exchange(other.device_pointer_, nullptr)) {}

RegisteredHostRange& RegisteredHostRange::operator=(RegisteredHostRange&& other) noexcept {
  if (this != &other) {
    release();
    device_ = other.device_;
    host_ = std::exchange(other.host_, {});
    device_pointer_ = std::exchange(other.device_pointer_, nullptr);
  }
  return *this;
}

RegisteredHostRange::~RegisteredHostRange() { release(); }

void RegisteredHostRange::release() noexcept {
  if (host_.empty()) return;
  const ScopedDevice on(device_, std::nothrow);
  cudaHostUnregister(const_cast<std::uint8_t*>(host_.data()));
  host_ = {};
}

}  // namespace cuzk::kernels
