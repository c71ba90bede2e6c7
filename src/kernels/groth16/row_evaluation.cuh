// A partition's a = A·w, b = B·w, c = C·w, row by row, from the compact witness on the device:
// the inputs as Fr, one bit per aux variable, and the wide values (those not 0 or 1) with a
// bitmap of which aux variables they are; that bitmap's prefix counts turn an aux index into its
// wide value's position (bitmap_rank.cuh), so a row's terms read any witness value without a 4 GB
// expanded vector. Then the check a·b = c and the MSM's scalar layout. Internal to the kernels
// folder.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "kernels/field/field.cuh"
#include "kernels/groth16/device_r1cs.cuh"

namespace cuzk::kernels::detail {

// What a row's evaluation reads (device pointers).
struct WitnessRefs {
  const DeviceFr* inputs;
  const std::uint64_t* bits;
  const std::uint64_t* is_wide;
  const std::uint32_t* wide_prefix;
  const DeviceFr* wide_value;
};

// out[r] = <row r of `matrix`, w> for every row.
void evaluate_rows(const DeviceRows& matrix, const DeviceFr* coefficients, const WitnessRefs& w,
                   DeviceFr* out, cudaStream_t stream);

// counters[0] += the rows where a·b != c, counters[1] = min(counters[1], such a row): set them to
// 0 and to all ones first.
void find_unsatisfied(const DeviceFr* a, const DeviceFr* b, const DeviceFr* c, std::size_t rows,
                      unsigned long long* counters, cudaStream_t stream);

// Montgomery form to the canonical integer, in place (the MSM's scalar layout).
void to_canonical(DeviceFr* v, std::size_t n, cudaStream_t stream);

}  // namespace cuzk::kernels::detail
