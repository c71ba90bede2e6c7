#include "kernels/device/device_memory.cuh"
#include "kernels/groth16/bitmap_rank.cuh"
#include "kernels/groth16/groth16_inputs.hpp"
#include "kernels/groth16/row_evaluation.cuh"

namespace cuzk::kernels::detail {

namespace {

constexpr unsigned kThreads = 256;

__global__ void evaluate_rows_kernel(const std::uint32_t* row_start, const std::uint32_t* column,
                                     const std::uint32_t* coeff, std::size_t rows,
                                     const DeviceFr* coefficients, WitnessRefs w, DeviceFr* out) {
  const std::size_t r = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  DeviceFr acc = DeviceFr::zero();
  const std::uint32_t end = row_start[r + 1];
  for (std::uint32_t k = row_start[r]; k < end; ++k) {
    const std::uint32_t col = column[k];
    const std::uint32_t id = coeff[k];
    const DeviceFr* value = nullptr;
    if ((col & kInputColumnFlag) != 0) {
      value = &w.inputs[col & ~kInputColumnFlag];
    } else if (test_bit(w.is_wide, col)) {
      value = &w.wide_value[rank_of(w.is_wide, w.wide_prefix, col)];
    } else {
      // A bit: the term is the coefficient or nothing.
      if (test_bit(w.bits, col)) acc += coefficients[id];
      continue;
    }
    // Ids 0 and 1 are 1 and -1: no multiplication.
    if (id == 0) {
      acc += *value;
    } else if (id == 1) {
      acc -= *value;
    } else {
      acc += coefficients[id] * *value;
    }
  }
  out[r] = acc;
}

__global__ void unsatisfied_kernel(const DeviceFr* a, const DeviceFr* b, const DeviceFr* c,
                                   std::size_t rows, unsigned long long* count,
                                   unsigned long long* first) {
  const std::size_t r = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  if (a[r] * b[r] != c[r]) {
    atomicAdd(count, 1ull);
    atomicMin(first, static_cast<unsigned long long>(r));
  }
}

__global__ void to_canonical_kernel(DeviceFr* v, std::size_t n) {
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) v[i] = v[i].from_montgomery();
}

}  // namespace

void evaluate_rows(const DeviceRows& matrix, const DeviceFr* coefficients, const WitnessRefs& w,
                   DeviceFr* out, cudaStream_t stream) {
  evaluate_rows_kernel<<<blocks_for(matrix.rows, kThreads), kThreads, 0, stream>>>(
      matrix.row_start.data(), matrix.column.data(), matrix.coeff.data(), matrix.rows, coefficients,
      w, out);
  CUZK_CUDA_CHECK_LAUNCH();
}

void find_unsatisfied(const DeviceFr* a, const DeviceFr* b, const DeviceFr* c, std::size_t rows,
                      unsigned long long* counters, cudaStream_t stream) {
  unsatisfied_kernel<<<blocks_for(rows, kThreads), kThreads, 0, stream>>>(a, b, c, rows, counters,
                                                                          counters + 1);
  CUZK_CUDA_CHECK_LAUNCH();
}

void to_canonical(DeviceFr* v, std::size_t n, cudaStream_t stream) {
  to_canonical_kernel<<<blocks_for(n, kThreads), kThreads, 0, stream>>>(v, n);
  CUZK_CUDA_CHECK_LAUNCH();
}

}  // namespace cuzk::kernels::detail
