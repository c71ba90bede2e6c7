// What DeviceR1cs (device_r1cs.hpp) holds on the device, for the partition prover's kernels.
// Internal to the kernels folder.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "kernels/device/device_memory.cuh"
#include "kernels/field/field.cuh"
#include "kernels/groth16/device_r1cs.hpp"

namespace cuzk::kernels {

// One matrix in compressed sparse rows (groth16_inputs.hpp, SparseRows), every row written out.
struct DeviceRows {
  DeviceBuffer<std::uint32_t> row_start, column, coeff;
  std::size_t rows = 0;
};

// A density bitmap with its prefix counts (bitmap_rank.cuh) and its count of set bits.
struct DeviceDensity {
  DeviceBuffer<std::uint64_t> words;
  DeviceBuffer<std::uint32_t> prefix;
  std::uint64_t count = 0;

  DeviceDensity() = default;
  DeviceDensity(std::span<const std::uint64_t> host, cudaStream_t stream);
};

struct DeviceR1cs::Storage {
  std::size_t num_inputs = 0, num_aux = 0, num_constraints = 0;
  DeviceRows a, b, c;
  DeviceBuffer<DeviceFr> coefficients;
  DeviceDensity a_aux, b_aux;
  std::vector<std::uint64_t> b_inputs;  // the inputs present in B, in order (host)

  // The upload, made on `device` and finished on return.
  static std::unique_ptr<Storage> upload(Device device, const R1csView& view);
};

}  // namespace cuzk::kernels
