// The rows of a shape with repeated blocks (groth16_inputs.hpp, RepeatedBlocks) written on the
// device from the prefix and block 0: a 32 GiB partition's 5.8 GB of matrices from 0.3 GB
// uploaded (internal to the kernels folder).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "kernels/groth16/groth16_inputs.hpp"

namespace cuzk::kernels::detail {

// One matrix as recorded: prefix_rows + block_rows rows, the first prefix_terms terms the
// prefix's (device pointers).
struct RecordedRows {
  const std::uint32_t* row_start = nullptr;
  const std::uint32_t* column = nullptr;
  const std::uint32_t* coeff = nullptr;
  std::size_t prefix_terms = 0, block_terms = 0;
};

// Rows and terms of the whole matrix; `input_terms`: the input rows hold a term each (A).
std::size_t repeated_rows(const RepeatedBlocks& r, std::size_t inputs);
std::size_t repeated_terms(const RepeatedBlocks& r, const RecordedRows& m, std::size_t inputs,
                           bool input_terms);

// Writes row_start (rows + 1 entries), column and coeff of the whole matrix on `stream`.
void expand_repeated_blocks(const RepeatedBlocks& r, const RecordedRows& m, std::size_t inputs,
                            bool input_terms, std::uint32_t* row_start, std::uint32_t* column,
                            std::uint32_t* coeff, cudaStream_t stream);

}  // namespace cuzk::kernels::detail
