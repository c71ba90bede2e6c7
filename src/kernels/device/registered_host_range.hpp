// Host memory that is already there (a read-only file mapping: the .params file) made
// page-locked in place and mapped into every device's address space, for plain C++ callers. The
// copy engines then read it at full PCIe speed (55 GB/s on the H200's PCIe 5.0 x16, against
// about 40 GB/s for the resident upload through a staging buffer), and kernels read single points
// of it directly. Registering the 44 GiB of a 32 GiB circuit's parameters, already in the page
// cache, takes 1.2 s there, where allocating as much page-locked memory (cudaHostAlloc) took 29 s.
// The mapping must be shared: of a private one the driver copies every page.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "kernels/device/device.hpp"

namespace cuzk::kernels {

class RegisteredHostRange {
 public:
  // Registers `bytes` (read-only) through `device`'s context, for every device; nullopt where the
  // driver refuses (not enough lockable memory, a build without CUDA), with its reason in `why`.
  static std::optional<RegisteredHostRange> try_register(Device device,
                                                         std::span<const std::uint8_t> bytes,
                                                         std::string& why);

  RegisteredHostRange(RegisteredHostRange&& other) noexcept;
  RegisteredHostRange& operator=(RegisteredHostRange&& other) noexcept;
  RegisteredHostRange(const RegisteredHostRange&) = delete;
  RegisteredHostRange& operator=(const RegisteredHostRange&) = delete;
  ~RegisteredHostRange();

  std::span<const std::uint8_t> host() const { return host_; }
  // The same bytes as kernels address them.
  const std::uint8_t* device_pointer() const { return device_pointer_; }

 private:
  RegisteredHostRange(Device device, std::span<const std::uint8_t> host,
                      const std::uint8_t* device_pointer)
      : device_(device), host_(host), device_pointer_(device_pointer) {}
  void release() noexcept;

  Device device_;
  std::span<const std::uint8_t> host_;
  const std::uint8_t* device_pointer_ = nullptr;
};

}  // namespace cuzk::kernels
