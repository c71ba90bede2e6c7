// What the GPU Groth16 prover reads from the host, as plain views (no types of the circuit or
// prover folders, which sit above this one): a circuit shape recorded in compact form
// (circuit/compact_r1cs.hpp), one partition's compact witness (circuit/compact_witness.hpp), and
// the parameters' five query vectors in bellperson's encoding. Plain C++.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>

#include "bls12_381/fields.hpp"

namespace cuzk::kernels {

// Compressed sparse rows: row i's terms are [row_start[i], row_start[i+1]); a column is aux j as
// j or input i as kInputColumnFlag | i; a coefficient is an id into R1csView::coefficients, where
// id 0 is 1 and id 1 is -1.
inline constexpr std::uint32_t kInputColumnFlag = std::uint32_t{1} << 31;
struct SparseRows {
  std::span<const std::uint32_t> row_start;
  std::span<const std::uint32_t> column;
  std::span<const std::uint32_t> coeff;
};

// A shape whose rows after a prefix repeat one block (a StackedDRG partition's challenges): the
// view's matrices then hold the prefix's rows and block 0's only, and the device writes the rest.
// Block i's rows are block 0's with the block's own variables (inputs from prefix_inputs on, aux
// from prefix_aux on) moved by i blocks; after the last block come bellperson's input rows, one
// per input, whose only term is Input(i) in A with coefficient id 0.
struct RepeatedBlocks {
  std::size_t prefix_rows = 0, block_rows = 0;
  std::uint32_t blocks = 0;  // block 0 included
  std::uint32_t prefix_inputs = 0, prefix_aux = 0, block_inputs = 0, block_aux = 0;
};

struct R1csView {
  std::size_t num_inputs = 0;  // ONE included
  std::size_t num_aux = 0;
  std::size_t num_constraints = 0;  // bellperson's input rows included
  // The whole matrices, or (with `repeated`) the prefix and block 0 of each.
  SparseRows a, b, c;
  std::optional<RepeatedBlocks> repeated;
  std::span<const bls12_381::Fr> coefficients;
  // The prover's densities as bitmap words: aux in A, inputs in B, aux in B.
  std::span<const std::uint64_t> a_aux_density, b_input_density, b_aux_density;
};

struct WitnessView {
  std::span<const bls12_381::Fr> inputs;      // ONE first
  std::span<const std::uint64_t> bits;        // aux j's bit when it is 0 or 1
  std::span<const std::uint64_t> wide_index;  // every other aux value: index (increasing) ...
  std::span<const bls12_381::Fr> wide_value;  // ... and value
};

// The Groth16 query vectors, in the order of the .params file.
enum class Query : int { kH = 0, kL, kA, kBG1, kBG2 };
inline constexpr int kQueryCount = 5;
inline constexpr bool is_g2(Query q) { return q == Query::kBG2; }
// "h", "l", "a", "b_g1", "b_g2": the vectors' names in bellperson's Parameters.
inline constexpr const char* query_name(Query q) {
  constexpr const char* kNames[kQueryCount] = {"h", "l", "a", "b_g1", "b_g2"};
  return kNames[static_cast<int>(q)];
}

// Where one query's points come from: `count` points in bellperson's uncompressed encoding, which
// `read` copies into dst (count * 96 or 192 bytes) for points [first, first + count). A mapped
// .params file or an in-memory encoding; called from one thread at a time, it may use many.
struct EncodedQuery {
  std::size_t points = 0;
  std::function<void(std::size_t first, std::size_t count, std::uint8_t* dst)> read;
  // The same encoding in page-locked host memory mapped for the devices
  // (kernels/device/registered_host_range.hpp), where it is: its first point as the host and as
  // kernels address it. Uploads then copy straight from it instead of calling `read`, and the
  // partitions' tails gather their points from it one by one.
  const std::uint8_t* pinned_host = nullptr;
  const std::uint8_t* pinned_device = nullptr;
};

}  // namespace cuzk::kernels
