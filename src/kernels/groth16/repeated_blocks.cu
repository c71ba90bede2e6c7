#include "kernels/groth16/repeated_blocks.cuh"

#include "kernels/device/cuda_check.cuh"
#include "kernels/device/device_memory.cuh"

namespace cuzk::kernels::detail {

namespace {

constexpr unsigned kThreads = 256;

// Block i's column for block 0's column c: the block's own variables move by i blocks.
__device__ __forceinline__ std::uint32_t renumbered(const RepeatedBlocks& r, std::uint32_t c,
                                                    std::uint32_t i) {
  if ((c & kInputColumnFlag) != 0) {
    const std::uint32_t index = c & ~kInputColumnFlag;
    return index < r.prefix_inputs ? c : kInputColumnFlag | (index + i * r.block_inputs);
  }
  return c < r.prefix_aux ? c : c + i * r.block_aux;
}

// Entry `row` of the whole row_start: where row `row` begins (the end of row - 1).
__global__ void row_starts_kernel(RepeatedBlocks r, const std::uint32_t* recorded,
                                  std::uint64_t prefix_terms, std::uint64_t block_terms,
                                  std::uint64_t inputs, bool input_terms, std::uint32_t* out) {
  const std::uint64_t row = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const std::uint64_t copied_rows = r.prefix_rows + std::uint64_t{r.blocks} * r.block_rows;
  if (row > copied_rows + inputs) return;
  std::uint64_t start;
  if (row <= r.prefix_rows) {
    start = recorded[row];
  } else if (row <= copied_rows) {
    const std::uint64_t q = row - r.prefix_rows - 1;  // the row that ends here, within the blocks
    const std::uint64_t i = q / r.block_rows;
    start = prefix_terms + i * block_terms +
            (recorded[r.prefix_rows + q % r.block_rows + 1] - prefix_terms);
  } else {
    start = prefix_terms + std::uint64_t{r.blocks} * block_terms +
            (input_terms ? row - copied_rows : 0);
  }
  out[row] = static_cast<std::uint32_t>(start);
}

__global__ void terms_kernel(RepeatedBlocks r, const std::uint32_t* column,
                             const std::uint32_t* coeff, std::uint64_t prefix_terms,
                             std::uint64_t block_terms, std::uint64_t total,
                             std::uint32_t* out_column, std::uint32_t* out_coeff) {
  const std::uint64_t t = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (t >= total) return;
  const std::uint64_t copied = prefix_terms + std::uint64_t{r.blocks} * block_terms;
  if (t < prefix_terms) {
    out_column[t] = column[t];
    out_coeff[t] = coeff[t];
  } else if (t < copied) {
    const std::uint64_t q = t - prefix_terms;
    const auto i = static_cast<std::uint32_t>(q / block_terms);
    const std::uint64_t u = prefix_terms + q % block_terms;
    out_column[t] = renumbered(r, column[u], i);
    out_coeff[t] = coeff[u];
  } else {
    out_column[t] = kInputColumnFlag | static_cast<std::uint32_t>(t - copied);  // Input(t - copied)
    out_coeff[t] = 0;                                                           // coefficient 1
  }
}

}  // namespace

std::size_t repeated_rows(const RepeatedBlocks& r, std::size_t inputs) {
  return r.prefix_rows + std::size_t{r.blocks} * r.block_rows + inputs;
}

std::size_t repeated_terms(const RepeatedBlocks& r, const RecordedRows& m, std::size_t inputs,
                           bool input_terms) {
  return m.prefix_terms + std::size_t{r.blocks} * m.block_terms + (input_terms ? inputs : 0);
}

void expand_repeated_blocks(const RepeatedBlocks& r, const RecordedRows& m, std::size_t inputs,
                            bool input_terms, std::uint32_t* row_start, std::uint32_t* column,
                            std::uint32_t* coeff, cudaStream_t stream) {
  const std::size_t rows = repeated_rows(r, inputs);
  row_starts_kernel<<<blocks_for(rows + 1, kThreads), kThreads, 0, stream>>>(
      r, m.row_start, m.prefix_terms, m.block_terms, inputs, input_terms, row_start);
  CUZK_CUDA_CHECK_LAUNCH();
  const std::size_t terms = repeated_terms(r, m, inputs, input_terms);
  if (terms == 0) return;
  terms_kernel<<<blocks_for(terms, kThreads), kThreads, 0, stream>>>(
      r, m.column, m.coeff, m.prefix_terms, m.block_terms, terms, column, coeff);
  CUZK_CUDA_CHECK_LAUNCH();
}

}  // namespace cuzk::kernels::detail
