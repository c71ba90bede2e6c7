// A circuit shape on the device for the partition prover (partition_prover.hpp): its matrices A,
// B and C (written out on the device when recorded with repeated blocks), the coefficients they
// refer to and the densities of A and B, uploaded once and read by every partition. Plain C++.
#pragma once

#include <cstddef>

#include "kernels/device/device.hpp"
#include "kernels/device/device_bound.hpp"
#include "kernels/groth16/groth16_inputs.hpp"

namespace cuzk::kernels {

class DeviceR1cs {
 public:
  // Uploads the matrices, the coefficients and the densities to `device`. Throws cuzk::Error on
  // a CUDA failure or an inconsistent view.
  DeviceR1cs(Device device, const R1csView& view);
  DeviceR1cs(DeviceR1cs&&) noexcept;
  DeviceR1cs& operator=(DeviceR1cs&&) noexcept;
  ~DeviceR1cs();

  // Device bytes the upload of `view` takes.
  static std::size_t bytes(const R1csView& view);

  Device device() const { return storage_.device(); }

  struct Storage;  // kernels-internal (device_r1cs.cuh)
  const Storage& storage() const { return *storage_; }

 private:
  DeviceBound<Storage> storage_;
};

}  // namespace cuzk::kernels
