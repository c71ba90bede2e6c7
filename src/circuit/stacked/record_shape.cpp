#include "circuit/stacked/record_shape.hpp"

#include <cstdint>
#include <limits>
#include <string>

#include "circuit/compact_witness.hpp"
#include "circuit/stacked/record_parts.hpp"
#include "util/error.hpp"

namespace cuzk::circuit::stacked {

namespace {

// How block i's columns follow from block 0's: its own variables (those past the prefix) move by
// i blocks, the prefix's stay.
struct Renumbering {
  std::uint32_t prefix_inputs, prefix_aux;
  std::uint32_t block_inputs, block_aux;

  std::uint32_t column(std::uint32_t c, std::uint32_t i) const {
    if ((c & kInputColumn) != 0) {
      const std::uint32_t index = c & ~kInputColumn;
      return index < prefix_inputs ? c : kInputColumn | (index + i * block_inputs);
    }
    return c < prefix_aux ? c : c + i * block_aux;
  }
};

// Rows [first_row, first_row + rows) of `src` (terms from first_term on) to rows starting at
// dst_row in `dst` (terms from dst_term on), renumbered for block i.
void copy_rows(const CompactMatrix& src, std::size_t first_row, std::size_t rows,
               std::size_t first_term, CompactMatrix& dst, std::size_t dst_row,
               std::size_t dst_term, const Renumbering& renumber, std::uint32_t i) {
  for (std::size_t r = 0; r < rows; ++r) {
    dst.row_start[dst_row + r + 1] =
        static_cast<std::uint32_t>(dst_term + (src.row_start[first_row + r + 1] - first_term));
  }
  const std::size_t terms = src.row_start[first_row + rows] - first_term;
  for (std::size_t t = 0; t < terms; ++t) {
    dst.column[dst_term + t] = renumber.column(src.column[first_term + t], i);
    dst.coeff[dst_term + t] = src.coeff[first_term + t];
  }
}

// One matrix's density (the variables with a term in it) over the whole partition, from the
// recording of the prefix and block 0: the prefix's variables as marked, block 0's own marks
// repeated for every block. `inputs` may be null (A's inputs are all present anyway).
void replicated_density(const CompactMatrix& recorded, const Renumbering& renumber,
                        std::uint32_t challenges, BitVector& aux, BitVector* inputs) {
  BitVector block(renumber.block_aux);
  for (const std::uint32_t c : recorded.column) {
    if ((c & kInputColumn) != 0) {
      if (inputs == nullptr) continue;
      const std::uint32_t index = c & ~kInputColumn;
      if (index < renumber.prefix_inputs) {
        inputs->set(index);
      } else {
        for (std::uint32_t i = 0; i < challenges; ++i)
          inputs->set(renumber.column(c, i) & ~kInputColumn);
      }
    } else if (c < renumber.prefix_aux) {
      aux.set(c);
    } else {
      block.set(c - renumber.prefix_aux);
    }
  }
  for (std::uint32_t i = 0; i < challenges; ++i) {
    place_bits(aux.mutable_words(), renumber.prefix_aux + std::size_t{i} * renumber.block_aux,
               block);
  }
}

Renumbering renumbering(const PartitionLayout& layout) {
  return {static_cast<std::uint32_t>(layout.prefix.num_inputs),
          static_cast<std::uint32_t>(layout.prefix.num_aux),
          static_cast<std::uint32_t>(layout.block.num_inputs),
          static_cast<std::uint32_t>(layout.block.num_aux)};
}

}  // namespace

PartitionRecording record_partition_blocks(const CircuitShape& shape) {
  BlockRecording recorded = record_blocks(shape);
  PartitionRecording out;
  out.layout = recorded.layout;
  const CircuitSize size = out.size();
  const Renumbering renumber = renumbering(out.layout);
  out.a_aux_density = BitVector(size.num_aux);
  out.b_input_density = BitVector(size.num_inputs);
  out.b_aux_density = BitVector(size.num_aux);
  CompactR1cs& rows = recorded.rows;
  replicated_density(rows.a, renumber, out.layout.challenges, out.a_aux_density, nullptr);
  replicated_density(rows.b, renumber, out.layout.challenges, out.b_aux_density,
                     &out.b_input_density);
  out.a = std::move(rows.a);
  out.b = std::move(rows.b);
  out.c = std::move(rows.c);
  out.coefficients = std::move(rows.coefficients);
  return out;
}

CompactR1cs expand(const PartitionRecording& recording) {
  const PartitionLayout& layout = recording.layout;
  const Renumbering renumber = renumbering(layout);

  CompactR1cs r;
  size_recorded_partition(r, layout);
  CompactMatrix* const matrices[3] = {&r.a, &r.b, &r.c};
  const CompactMatrix* const recorded[3] = {&recording.a, &recording.b, &recording.c};

  const std::size_t prefix_rows = layout.prefix.num_constraints;
  const std::size_t block_rows = layout.block.num_constraints;
  // The prefix as recorded (block 0's renumbering is the identity), then every block.
  const auto blocks = static_cast<std::int64_t>(layout.challenges) + 1;
#pragma omp parallel for collapse(2) schedule(dynamic, 1)
  for (std::int64_t b = 0; b < blocks; ++b) {
    for (int m = 0; m < 3; ++m) {
      if (b == 0) {
        copy_rows(*recorded[m], 0, prefix_rows, 0, *matrices[m], 0, 0, renumber, 0);
        continue;
      }
      const auto i = static_cast<std::uint32_t>(b - 1);
      const Nonzeros start = layout.block_start_nonzeros(i);
      copy_rows(*recorded[m], prefix_rows, block_rows, layout.prefix_nonzeros[m], *matrices[m],
                layout.block_start(i).num_constraints, start[m], renumber, i);
    }
  }

  append_input_rows(r, layout);
  r.coefficients = recording.coefficients;
  r.a_aux_density = recording.a_aux_density;
  r.b_input_density = recording.b_input_density;
  r.b_aux_density = recording.b_aux_density;
  return r;
}

RecordedPartition record_partition(const CircuitShape& shape) {
  const PartitionRecording recording = record_partition_blocks(shape);
  return {recording.layout, expand(recording)};
}

CompactR1cs record_partition_shape(const CircuitShape& shape) {
  return record_partition(shape).r1cs;
}

}  // namespace cuzk::circuit::stacked
