#include "circuit/stacked/record_shape.hpp"

#include <algorithm>
#include <cstdint>
#include <exception>
#include <limits>
#include <mutex>
#include <string>
#include <vector>

#include "circuit/shape_cs.hpp"
#include "circuit/stacked/stacked_circuit.hpp"
#include "util/error.hpp"

namespace cuzk::circuit::stacked {

namespace {

// Room for a matrix of `rows` rows and `nonzeros` terms (row_start[0] = 0).
void size_matrix(CompactMatrix& m, std::size_t rows, std::size_t nonzeros) {
  if (nonzeros > std::numeric_limits<std::uint32_t>::max()) {
    throw Error("stacked circuit: " + std::to_string(nonzeros) +
                " terms in one matrix exceed the recorder's 32-bit offsets");
  }
  m.row_start.assign(rows + 1, 0);
  m.column.resize(nonzeros);
  m.coeff.resize(nonzeros);
}

// Copies the rows of `src` to rows [first_row, ...) of `dst`, whose terms start at first_term,
// turning the block's coefficient ids into the shape's.
void place_rows(CompactMatrix& dst, std::size_t first_row, std::size_t first_term,
                const CompactMatrix& src, const std::vector<std::uint32_t>& ids) {
  for (std::size_t i = 0; i < src.rows(); ++i) {
    dst.row_start[first_row + i + 1] =
        static_cast<std::uint32_t>(first_term + src.row_start[i + 1]);
  }
  std::copy(src.column.begin(), src.column.end(),
            dst.column.begin() + static_cast<std::ptrdiff_t>(first_term));
  for (std::size_t k = 0; k < src.coeff.size(); ++k) dst.coeff[first_term + k] = ids[src.coeff[k]];
}

// Ids in the shared table of the block's coefficients (called under the table's lock).
std::vector<std::uint32_t> shared_ids(const CoefficientTable& local, CoefficientTable& shared) {
  std::vector<std::uint32_t> ids(local.size());
  for (std::size_t k = 0; k < ids.size(); ++k) ids[k] = shared.intern(local.values()[k]);
  return ids;
}

}  // namespace

CompactR1cs record_partition_shape(const CircuitShape& shape, const PartitionLayout& layout) {
  const StackedCircuit blank = blank_circuit(shape);
  const CircuitSize synthesized = layout.total();
  const Nonzeros synthesized_nonzeros = layout.total_nonzeros();
  const std::size_t inputs = synthesized.num_inputs;

  CompactR1cs r;
  r.size = {inputs, synthesized.num_aux, synthesized.num_constraints + inputs};
  const std::size_t rows = r.size.num_constraints;
  // The input rows add one A term each (Input(i) with coefficient 1) and nothing to B and C.
  size_matrix(r.a, rows, synthesized_nonzeros[0] + inputs);
  size_matrix(r.b, rows, synthesized_nonzeros[1]);
  size_matrix(r.c, rows, synthesized_nonzeros[2]);
  CompactMatrix* const matrices[3] = {&r.a, &r.b, &r.c};

  CoefficientTable table;
  std::mutex table_lock;
  const auto place = [&](const ShapeCS& cs, const CircuitSize& start, const Nonzeros& terms) {
    std::vector<std::uint32_t> ids;
    {
      const std::lock_guard lock(table_lock);
      ids = shared_ids(cs.table(), table);
    }
    const CompactMatrix* const own[3] = {&cs.a(), &cs.b(), &cs.c()};
    for (std::size_t m = 0; m < 3; ++m) {
      place_rows(*matrices[m], start.num_constraints, terms[m], *own[m], ids);
    }
  };

  ShapeCS prefix;
  const PartitionWires wires = synthesize_prefix(prefix, blank);
  check_counts(prefix.size(), layout.prefix, "the prefix");
  place(prefix, {1, 0, 0}, {0, 0, 0});

  std::vector<std::exception_ptr> errors(layout.challenges);
  const auto challenges = static_cast<std::int64_t>(layout.challenges);
#pragma omp parallel for schedule(dynamic, 1)
  for (std::int64_t ci = 0; ci < challenges; ++ci) {
    const auto i = static_cast<std::size_t>(ci);
    try {
      ShapeCS block(layout.block_start(i));
      synthesize_challenge_of(block, blank, wires, i);
      check_counts(block.size(), layout.block_start(i + 1), "challenge " + std::to_string(i));
      place(block, layout.block_start(i), layout.block_start_nonzeros(i));
    } catch (...) {
      errors[i] = std::current_exception();
    }
  }
  for (const auto& e : errors) {
    if (e) std::rethrow_exception(e);
  }

  // bellperson's input rows: Input(i) · 0 = 0.
  for (std::size_t i = 0; i < inputs; ++i) {
    const std::size_t row = synthesized.num_constraints + i;
    const std::size_t term = synthesized_nonzeros[0] + i;
    r.a.column[term] = column_of(Variable::input(i));
    r.a.coeff[term] = CoefficientTable::kOne;
    r.a.row_start[row + 1] = static_cast<std::uint32_t>(term + 1);
    r.b.row_start[row + 1] = static_cast<std::uint32_t>(synthesized_nonzeros[1]);
    r.c.row_start[row + 1] = static_cast<std::uint32_t>(synthesized_nonzeros[2]);
  }
  r.coefficients.assign(table.values().begin(), table.values().end());
  compute_densities(r);
  return r;
}

CompactR1cs record_partition_shape(const CircuitShape& shape) {
  return record_partition_shape(shape, partition_layout(shape));
}

}  // namespace cuzk::circuit::stacked
