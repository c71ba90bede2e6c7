#include "circuit/update/update_record.hpp"

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "circuit/shape_cs.hpp"
#include "circuit/update/update_circuit.hpp"
#include "circuit/update/update_layout.hpp"
#include "util/error.hpp"
#include "util/parallel_for.hpp"

namespace cuzk::circuit::update {

namespace {

CompactMatrix& matrix(CompactR1cs& r, std::size_t m) { return m == 0 ? r.a : m == 1 ? r.b : r.c; }

Nonzeros nonzeros_of(const ShapeCS& cs) {
  return {cs.nonzeros_a(), cs.nonzeros_b(), cs.nonzeros_c()};
}

// Challenge i of the blank circuit, recorded where it sits in the partition.
CompactR1cs record_challenge(const UpdateCircuit& blank, const UpdatePartitionWires& wires,
                             const UpdateLayout& layout, std::size_t i) {
  ShapeCS cs(layout.block_start(i));
  synthesize_update_challenge(cs, blank, wires, i);
  const std::string what = "challenge " + std::to_string(i);
  check_update_counts(cs.size(), layout.block_start(i + 1), what);
  if (nonzeros_of(cs) != layout.block_nonzeros) {
    throw Error("empty sector update circuit: " + what +
                " has other numbers of non-zero terms than challenge 0");
  }
  return std::move(cs).take_rows();
}

// Copies the rows of `src` (already in the circuit's numbering) to rows starting at dst_row of
// `dst`, terms from dst_term on, with the coefficient ids mapped through `ids` to the joined
// table's.
void place_rows(const CompactMatrix& src, std::span<const std::uint32_t> ids, CompactMatrix& dst,
                std::size_t dst_row, std::size_t dst_term) {
  const auto base = static_cast<std::uint32_t>(dst_term);
  for (std::size_t r = 0; r < src.rows(); ++r)
    dst.row_start[dst_row + r + 1] = base + src.row_start[r + 1];
  std::copy(src.column.begin(), src.column.end(),
            dst.column.begin() + static_cast<std::ptrdiff_t>(dst_term));
  for (std::size_t t = 0; t < src.nonzeros(); ++t) dst.coeff[dst_term + t] = ids[src.coeff[t]];
}

// bellperson's input rows after the synthesized ones: Input(i) · 0 = 0, one A term each.
void append_input_rows(CompactR1cs& r, const CircuitSize& synthesized, const Nonzeros& nonzeros) {
  for (std::size_t i = 0; i < synthesized.num_inputs; ++i) {
    const std::size_t row = synthesized.num_constraints + i;
    const std::size_t term = nonzeros[0] + i;
    r.a.column[term] = column_of(Variable::input(i));
    r.a.coeff[term] = CoefficientTable::kOne;
    r.a.row_start[row + 1] = static_cast<std::uint32_t>(term + 1);
    r.b.row_start[row + 1] = static_cast<std::uint32_t>(nonzeros[1]);
    r.c.row_start[row + 1] = static_cast<std::uint32_t>(nonzeros[2]);
  }
}

// The whole partition from its prefix's rows and its challenges' (which are freed as they are
// copied). Each piece's coefficients are interned in circuit order, so the joined table and its
// ids are those of one ShapeCS recording the pieces in turn.
CompactR1cs join(const UpdateLayout& layout, CompactR1cs prefix, std::vector<CompactR1cs>& blocks) {
  CoefficientTable table;
  const auto intern = [&](std::span<const Fr> values) {
    std::vector<std::uint32_t> ids;
    ids.reserve(values.size());
    for (const Fr& v : values) ids.push_back(table.id_of(v));
    return ids;
  };
  std::vector<std::vector<std::uint32_t>> ids;  // piece 0 is the prefix, piece 1 + i challenge i
  ids.push_back(intern(prefix.coefficients));
  for (const CompactR1cs& b : blocks) ids.push_back(intern(b.coefficients));

  const CircuitSize synthesized = layout.total();
  const Nonzeros nonzeros = layout.total_nonzeros();
  const std::size_t inputs = synthesized.num_inputs;
  CompactR1cs r;
  r.size = {inputs, synthesized.num_aux, synthesized.num_constraints + inputs};
  size_matrix(r.a, r.size.num_constraints, nonzeros[0] + inputs);
  size_matrix(r.b, r.size.num_constraints, nonzeros[1]);
  size_matrix(r.c, r.size.num_constraints, nonzeros[2]);
  parallel_for(3 * (blocks.size() + 1), 1, [&](std::size_t task) {
    const std::size_t m = task % 3;
    const std::size_t piece = task / 3;
    if (piece == 0) {
      place_rows(matrix(prefix, m), ids[0], matrix(r, m), 0, 0);
      matrix(prefix, m) = CompactMatrix{};
      return;
    }
    const std::size_t i = piece - 1;
    place_rows(matrix(blocks[i], m), ids[piece], matrix(r, m),
               layout.block_start(i).num_constraints, layout.block_start_nonzeros(i)[m]);
    matrix(blocks[i], m) = CompactMatrix{};
  });
  append_input_rows(r, synthesized, nonzeros);
  r.coefficients.assign(table.values().begin(), table.values().end());
  compute_densities(r);
  return r;
}

}  // namespace

CompactR1cs record_update_partition(const UpdateShape& shape) {
  const UpdateCircuit blank = blank_update_circuit(shape);
  validate(blank);
  ShapeCS prefix;
  const UpdatePartitionWires wires = synthesize_update_prefix(prefix, blank);
  const UpdateLayout layout =
      measure_update_layout(blank, wires, prefix.size(), nonzeros_of(prefix));
  std::vector<CompactR1cs> blocks(layout.challenges);
  parallel_for(layout.challenges, 1,
               [&](std::size_t i) { blocks[i] = record_challenge(blank, wires, layout, i); });
  return join(layout, std::move(prefix).take_rows(), blocks);
}

}  // namespace cuzk::circuit::update
